// The HIP's settings on the Settings screen: a desk that never set them sends nothing for them; the doctors list is
// sent without the rows left empty; the SMS gateway is sent whole once edited, and main's store takes what is sent.
import { describe, expect, it } from 'vitest';
import { applySettingsPatch } from '../../../electron/store/settings/settings';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';
import { changedFields, toForm } from '../../../renderer/lib/settings/settings-form';

const settings = structuredClone(DEFAULT_SETTINGS);

describe('the HIP’s settings', () => {
  it('a desk that never set them: doctors none, this desk keeps the records, no SMS gateway, and nothing to send', () => {
    const form = toForm(settings);
    expect(form.doctors).toEqual([]);
    expect(form.keepsClinicRecords).toBe(true);
    expect(form.smsGateway.url).toBe('');
    expect(changedFields(form, settings)).toBeUndefined();
  });

  it('sends the doctors as typed, trimmed, without empty rows, and main keeps them in that order', () => {
    const form = toForm(settings);
    form.doctors = [' Dr. Kavita Rao ', '', 'Dr. S. Iyer'];
    const patch = changedFields(form, settings);
    expect(patch).toEqual({ doctors: ['Dr. Kavita Rao', 'Dr. S. Iyer'] });
    const saved = applySettingsPatch(settings, patch);
    expect(saved.doctors).toEqual(['Dr. Kavita Rao', 'Dr. S. Iyer']);
    expect(changedFields(toForm(saved), saved)).toBeUndefined();
  });

  it('an added doctor row left empty is no change', () => {
    const form = toForm(settings);
    form.doctors = [''];
    expect(changedFields(form, settings)).toBeUndefined();
  });

  it('sends the SMS gateway whole once edited; saved, it reads back as no change', () => {
    const form = toForm(settings);
    form.smsGateway.url = 'https://sms.example.in/v1/send';
    form.smsGateway.keyHeader = 'X-Api-Key';
    form.smsGateway.bodyTemplate = '{"to":"{{mobile}}","text":"{{message}}"}';
    const patch = changedFields(form, settings);
    expect(patch).toEqual({
      smsGateway: { url: 'https://sms.example.in/v1/send', method: 'POST', keyHeader: 'X-Api-Key', bodyTemplate: '{"to":"{{mobile}}","text":"{{message}}"}', contentType: 'application/json' },
    });
    const saved = applySettingsPatch(settings, patch);
    expect(changedFields(toForm(saved), saved)).toBeUndefined();
  });

  it('turning off “keeps the clinic’s records” is sent as false', () => {
    const form = toForm(settings);
    form.keepsClinicRecords = false;
    expect(changedFields(form, settings)).toEqual({ keepsClinicRecords: false });
  });
});
