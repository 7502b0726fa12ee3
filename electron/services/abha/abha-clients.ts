// The ABHA client of the API generation chosen in Settings, as the front-desk services receive it: they branch on
// `api` where the two generations' flows differ (docs/abdm-client.md) and share everything else.
import type { AbhaV3Client } from '../../abdm/abha-v3/types';
import type { HealthIdClient } from '../../abdm/healthid-v1/types';
import type { AbdmApi } from '../../store/settings/settings-schema';

export type AbhaClients = { api: 'v1'; client: HealthIdClient } | { api: 'v3'; client: AbhaV3Client };

export type { AbdmApi };
