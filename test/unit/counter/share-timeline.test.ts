// A share and its answer on the timeline are named for what they were, on both generations (paths from
// abdm-frontdesk.md §1), and the Records screen has words for both names in English and Hindi.
import { describe, expect, it } from 'vitest';
import { recordsStrings } from '../../../renderer/lib/records/i18n-records';
import { pathKey, timelineMessageOf } from '../../support/timeline-words';

describe('a share on the timeline', () => {
  it('names the share and the on-share the same on HIE-CM v3 and on the legacy generation', () => {
    expect(timelineMessageOf('/api/v3/hip/patient/share')).toBe('profile.shared');
    expect(timelineMessageOf('/v1.0/patients/profile/share')).toBe('profile.shared');
    expect(timelineMessageOf('/patient-share/v3/on-share')).toBe('profile.share-answered');
    expect(timelineMessageOf('/v1.0/patients/profile/on-share')).toBe('profile.share-answered');
  });

  it('has words for both in English and Hindi', () => {
    for (const path of ['/api/v3/hip/patient/share', '/patient-share/v3/on-share']) {
      const key = pathKey(path) as keyof typeof recordsStrings.en;
      expect(recordsStrings.en[key]).toMatch(/\w/);
      expect(recordsStrings.hi[key]).toMatch(/[\u0900-\u097F]/);
    }
  });
});
