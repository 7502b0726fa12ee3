// The Settings screen sends main only what the operator changed, in bridge and hiu as at the top level,
// and keeps unsaved edits when the settings change underneath (another window, the language switch).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';
import { changedFields, rebaseForm, toForm } from '../../../renderer/lib/settings/settings-form';

const settings = structuredClone(DEFAULT_SETTINGS);

describe('settings form', () => {
  it('holds every field but the version, with bridge and hiu copied', () => {
    const form = toForm(settings);
    expect(form).not.toHaveProperty('schemaVersion');
    expect(form.hiu).toEqual(settings.hiu);
    expect(form.hiu).not.toBe(settings.hiu);
    expect(form.bridge).not.toBe(settings.bridge);
  });

  it('finds nothing to send when nothing changed', () => {
    expect(changedFields(toForm(settings), settings)).toBeUndefined();
  });

  it('sends only the changed fields, with partial bridge and hiu', () => {
    const form = toForm(settings);
    form.hiuId = 'HIU-CLINIC-07';
    form.bridge.dataPushLimitMb = 128;
    form.hiu.requesterName = 'Dr. Kavita Rao';
    form.hiu.fetchOnDataEvent = true;
    expect(changedFields(form, settings)).toEqual({
      hiuId: 'HIU-CLINIC-07',
      bridge: { dataPushLimitMb: 128 },
      hiu: { requesterName: 'Dr. Kavita Rao', fetchOnDataEvent: true },
    });
  });

  it('sends an emptied number as null, so main names the field', () => {
    const form = toForm(settings);
    form.hiu.answerTimeoutSeconds = null;
    form.bridge.port = null;
    expect(changedFields(form, settings)).toEqual({ bridge: { port: null }, hiu: { answerTimeoutSeconds: null } });
  });

  it('takes what changed elsewhere and keeps the fields the operator edited, in every group', () => {
    const base = toForm(settings);
    const form = toForm(settings);
    form.hiu.answerTimeoutSeconds = 90;
    form.bridge.publicUrl = 'https://abdm.clinic.example/hiu';
    const next = toForm({
      ...settings,
      language: 'hi',
      bridge: { ...settings.bridge, port: 9000 },
      hiu: { ...settings.hiu, answerTimeoutSeconds: 30, requesterName: 'Dr. Rao' },
    });
    const rebased = rebaseForm(form, base, next);
    expect(rebased.language).toBe('hi');
    expect(rebased.bridge).toEqual({ ...settings.bridge, port: 9000, publicUrl: 'https://abdm.clinic.example/hiu' });
    expect(rebased.hiu).toEqual({ ...settings.hiu, answerTimeoutSeconds: 90, requesterName: 'Dr. Rao' });
  });
});
