// Timeline rows named for what they were, whichever API they took: the Records screen words the name, so a row
// from before an API switch reads the same as one after (paths from reference/spec/gateway-v05.md and abdm-v3.md §3).
import { describe, expect, it } from 'vitest';
import { timelineMessageOf } from '../../../electron/abdm/gateway/timeline-messages';

describe('timeline message names', () => {
  it('names the same step the same on gateway v0.5 and on HIE-CM v3', () => {
    const pairs: [string, string, string][] = [
      ['/v0.5/consent-requests/init', '/consent/v3/request/init', 'consent-request.sent'],
      ['/v0.5/consent-requests/on-init', '/api/v3/hiu/consent/request/on-init', 'consent-request.acknowledged'],
      ['/v0.5/consent-requests/status', '/consent/v3/request/status', 'consent-request.status-asked'],
      ['/v0.5/consent-requests/on-status', '/api/v3/hiu/consent/request/on-status', 'consent-request.status-answered'],
      ['/v0.5/consents/hiu/notify', '/api/v3/hiu/consent/request/notify', 'consent.notified'],
      ['/v0.5/consents/hiu/on-notify', '/consent/v3/request/hiu/on-notify', 'consent.notification-acknowledged'],
      ['/v0.5/consents/fetch', '/consent/v3/fetch', 'consent.fetch-asked'],
      ['/v0.5/consents/on-fetch', '/api/v3/hiu/consent/on-fetch', 'consent.fetched'],
      ['/v0.5/health-information/cm/request', '/data-flow/v3/health-information/request', 'health-information.requested'],
      ['/v0.5/health-information/hiu/on-request', '/api/v3/hiu/health-information/on-request', 'health-information.request-acknowledged'],
      ['/v0.5/health-information/notify', '/data-flow/v3/health-information/notify', 'health-information.transfer-reported'],
    ];
    for (const [v05, v3, name] of pairs) {
      expect(timelineMessageOf(v05)).toBe(name);
      expect(timelineMessageOf(v3)).toBe(name);
    }
  });

  it('names the records a HIP pushed to the desk, and leaves a path it does not know unnamed', () => {
    expect(timelineMessageOf('data-push')).toBe('health-information.pushed');
    expect(timelineMessageOf('/v0.5/patients/find')).toBeNull();
    expect(timelineMessageOf('/v0.5/something/else')).toBeNull();
  });
});
