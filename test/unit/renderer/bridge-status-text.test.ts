// What the operator reads about callbacks in Settings: connected to the relay or not, what waits there, the last
// message, and what is wrong in plain English or Hindi with the technical detail kept apart.
import { describe, expect, it } from 'vitest';
import { RELAY_PROBLEMS } from '../../../electron/bridge/relay-link';
import type { BridgeStatus } from '../../../renderer/lib/api';
import { bridgeStatusLines } from '../../../renderer/lib/bridge-status-text';

const DEVANAGARI = /[\u0900-\u097F]/;

/** dd-mm-yyyy HH:mm in local time, written out here rather than taken from the code under test. */
function localDayTime(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getDate())}-${two(at.getMonth() + 1)}-${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

function relayStatus(relay: Partial<NonNullable<BridgeStatus['relay']>>): BridgeStatus {
  return {
    mode: 'relay',
    listening: false,
    localUrl: null,
    callbackUrl: 'https://relay.clinic.example/hiu/CLINIC-HIU-01',
    environment: 'production',
    problem: null,
    counters: null,
    inbox: { pending: 0, waiting: 0, failed: 0 },
    relay: {
      url: 'https://relay.clinic.example',
      connected: true,
      deskId: 'desk-frontdesk1',
      hiuId: 'CLINIC-HIU-01',
      callbackUrl: 'https://relay.clinic.example/hiu/CLINIC-HIU-01',
      api: null,
      training: null,
      trainingKeysTaken: null,
      backlog: 3,
      lastMessageAt: null,
      problem: null,
      retryAt: null,
      ...relay,
    },
  };
}

describe('the callback status in words', () => {
  it('says a desk is connected to the relay, what waits there, and that nothing came yet', () => {
    expect(bridgeStatusLines(relayStatus({}), 'en')).toEqual([
      { kind: 'ok', text: 'Connected to the clinic’s relay.' },
      { kind: 'info', text: 'Messages waiting at the relay for this desk: 3' },
      { kind: 'info', text: 'No message from the relay yet.' },
    ]);
    expect(bridgeStatusLines(relayStatus({}), 'hi').map((line) => line.text)).toEqual([
      'क्लिनिक के रिले से जुड़ा है।',
      'रिले पर इस डेस्क के लिए रुके संदेश: 3',
      'रिले से अभी तक कोई संदेश नहीं आया।',
    ]);
  });

  it('says a refused credential in plain words, keeps the detail apart, and when it tries again', () => {
    const status = relayStatus({
      connected: false,
      problem: { code: 'credential-refused', detail: 'HTTP 401', at: '2026-11-25T04:30:00.000Z' },
      retryAt: '2026-11-25T04:31:00.000Z',
      lastMessageAt: '2026-11-25T04:10:00.000Z',
    });
    const lines = bridgeStatusLines(status, 'en');
    expect(lines.slice(0, 3)).toEqual([
      { kind: 'problem', text: 'Not connected to the clinic’s relay.' },
      { kind: 'problem', text: 'The relay refused this desk’s credential: it may be mistyped, replaced or revoked. Ask the IT person for this desk’s credential and paste it again.' },
      { kind: 'info', text: 'Details for the IT person: HTTP 401' },
    ]);
    // The one date format of every screen (dd-mm-yyyy HH:mm), on this computer's clock.
    expect(lines[3]!.text).toBe(`Last message from the relay: ${localDayTime('2026-11-25T04:10:00.000Z')}`);
    expect(lines[4]!.text).toBe(`Trying again at ${localDayTime('2026-11-25T04:31:00.000Z')}.`);
    expect(lines[4]!.text).toMatch(/^Trying again at \d\d-\d\d-\d{4} \d\d:\d\d\.$/);
    expect(bridgeStatusLines(status, 'hi')[4]!.text).toContain(localDayTime('2026-11-25T04:31:00.000Z'));
    expect(lines.map((line) => line.text).join(' ')).not.toMatch(/waiting at the relay/);
  });

  it.each([...RELAY_PROBLEMS])('words the relay problem %s in English and Hindi', (code) => {
    const status = relayStatus({ connected: false, problem: { code, detail: null, at: '2026-11-25T04:30:00.000Z' } });
    const en = bridgeStatusLines(status, 'en')[1]!;
    const hi = bridgeStatusLines(status, 'hi')[1]!;
    expect(en.kind).toBe('problem');
    expect(en.text.length).toBeGreaterThan(40);
    expect(en.text).not.toContain('bridge.relayProblem');
    expect(hi.text).toMatch(DEVANAGARI);
  });

  it('says where a desk listens in direct mode, and why it cannot', () => {
    const direct: BridgeStatus = { ...relayStatus({}), mode: 'direct', relay: null, listening: true, localUrl: 'http://127.0.0.1:8765', callbackUrl: 'https://desk.clinic.example' };
    expect(bridgeStatusLines(direct, 'en')).toEqual([{ kind: 'ok', text: 'Listening on this computer at http://127.0.0.1:8765.' }]);
    const stopped = { ...direct, listening: false, localUrl: null, problem: 'The callback bridge cannot listen on 127.0.0.1:8765: another program is already using that port (EADDRINUSE).' };
    expect(bridgeStatusLines(stopped, 'en')).toEqual([
      { kind: 'problem', text: 'Not listening on this computer.' },
      { kind: 'problem', text: 'The bridge could not start: The callback bridge cannot listen on 127.0.0.1:8765: another program is already using that port (EADDRINUSE).' },
    ]);
  });

  describe('a connected relay set up differently from this desk', () => {
    const desk = { hiuId: 'CLINIC-HIU-01', abdmApi: 'v3', environment: 'production' } as const;
    const problems = (relay: Parameters<typeof relayStatus>[0], setup: Parameters<typeof bridgeStatusLines>[2], lang: 'en' | 'hi' = 'en') =>
      bridgeStatusLines(relayStatus(relay), lang, setup).filter((line) => line.kind === 'problem').map((line) => line.text);

    it('says nothing more when the relay’s HIU, API and side of training are the desk’s, or an older relay does not say', () => {
      expect(problems({ api: 'v3', training: false }, desk)).toEqual([]);
      expect(problems({ api: null, training: null }, desk)).toEqual([]);
      expect(problems({ api: 'v1', training: true, trainingKeysTaken: true }, { ...desk, abdmApi: 'v1', environment: 'training' })).toEqual([]);
    });

    it('names another HIU, the other API, and the wrong side of training, under “Connected”, in English and Hindi', () => {
      const setup = { hiuId: '', abdmApi: 'v1', environment: 'training' } as const;
      const relay = { api: 'v3', training: false } as const;
      expect(bridgeStatusLines(relayStatus(relay), 'en', setup)[0]).toEqual({ kind: 'ok', text: 'Connected to the clinic’s relay.' });
      const en = problems(relay, setup);
      expect(en).toEqual([
        'The relay serves HIU CLINIC-HIU-01, but this desk’s HIU ID is (none set). Set the HIU ID above to CLINIC-HIU-01, or ask the IT person for a credential of this desk’s HIU.',
        expect.stringMatching(/^The relay’s HIU is set up for ABDM API v3, but this desk uses v1: ABDM’s answers would not reach this desk\./),
        expect.stringMatching(/^This desk is in training, but the relay’s HIU is set up for the real ABDM/),
      ]);
      const hi = problems(relay, setup, 'hi');
      expect(hi).toHaveLength(3);
      for (const text of hi) expect(text).toMatch(DEVANAGARI);
      expect(hi[1]).toContain('v3');
      expect(problems({ training: true, trainingKeysTaken: true }, desk)).toEqual([expect.stringMatching(/^The relay’s HIU is set up for training, so it refuses the real ABDM’s answers/)]);
      expect(problems({ training: true, trainingKeysTaken: false }, { ...desk, environment: 'training' })).toEqual([expect.stringMatching(/^The relay did not take the training simulator’s keys/)]);
    });
  });
});
