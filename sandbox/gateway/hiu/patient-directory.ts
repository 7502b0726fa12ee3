import type { SandboxContext } from '../../context';
import type { Account } from '../../state';
import type { AbdmGender } from '../../fhir/fhir-types';
import { AUTH_MODES } from './body-schemas';
import { DEMO_PATIENTS, type DemoCareContext, type DemoPatient } from './demo-directory';

/** A demo patient with the seeded visits dated. */
type DatedDemoPatient = Omit<DemoPatient, 'careContexts'> & { careContexts: DemoCareContext[] };

// The consent manager's users: ABHAs made through the Health ID sandbox plus the demo patients,
// with the care contexts the demo HIPs hold for them (seeded, or added through /_sandbox).

export type AuthMode = (typeof AUTH_MODES)[number];
export type PatientStatus = 'ACTIVE' | 'DEACTIVATED' | 'DELETED';

export interface CmPatient {
  id: string;
  name: string;
  gender: AbdmGender;
  yearOfBirth: number;
  birthDate: string;
  mobile: string;
  abhaNumber?: string;
  address?: { line: string; district: string; state: string; pincode: string };
  careContexts: DemoCareContext[];
  authModes: AuthMode[];
}

const HEALTH_ID_AUTH_MODES: Record<string, AuthMode> = {
  MOBILE_OTP: 'MOBILE_OTP',
  AADHAAR_OTP: 'AADHAAR_OTP',
  DEMOGRAPHICS: 'DEMOGRAPHICS',
};

export class PatientDirectory {
  private readonly addedCareContexts = new Map<string, DemoCareContext[]>();
  private readonly statuses = new Map<string, PatientStatus>();
  /** This sandbox's own copy of the seed, so new records never leak into another instance. */
  private seeded: DatedDemoPatient[];

  constructor(private readonly ctx: SandboxContext) {
    this.seeded = this.datedSeed();
  }

  private datedSeed(): DatedDemoPatient[] {
    const now = this.ctx.clock.now();
    return DEMO_PATIENTS.map(({ careContexts, ...person }) => ({
      ...structuredClone(person),
      careContexts: careContexts.map(({ daysAgo, ...visit }) => ({
        ...structuredClone(visit),
        date: new Date(now - daysAgo * 86_400_000).toISOString(),
      })),
    }));
  }

  /** A patient the CM will act for: known and neither deactivated nor deleted. */
  findActive(id: string): CmPatient | undefined {
    const key = id.trim().toLowerCase();
    if (this.statusOf(key) !== 'ACTIVE') return undefined;
    return this.find(key);
  }

  find(id: string): CmPatient | undefined {
    const key = id.trim().toLowerCase();
    const demo = this.seeded.find((patient) => patient.id === key);
    const account = this.ctx.state.findByAddress(key);
    if (account) return this.fromAccount(account, demo);
    return demo ? this.fromDemo(demo) : undefined;
  }

  statusOf(id: string): PatientStatus {
    return this.statuses.get(id.toLowerCase()) ?? 'ACTIVE';
  }

  setStatus(id: string, status: PatientStatus): void {
    this.statuses.set(id.toLowerCase(), status);
  }

  addCareContext(patientId: string, careContext: DemoCareContext): void {
    const key = patientId.toLowerCase();
    this.addedCareContexts.set(key, [...(this.addedCareContexts.get(key) ?? []), careContext]);
  }

  reset(): void {
    this.seeded = this.datedSeed();
    this.addedCareContexts.clear();
    this.statuses.clear();
  }

  private careContextsOf(id: string, demo: DatedDemoPatient | undefined): DemoCareContext[] {
    return [...(demo?.careContexts ?? []), ...(this.addedCareContexts.get(id) ?? [])];
  }

  private fromDemo(demo: DatedDemoPatient): CmPatient {
    const { careContexts: _seeded, ...person } = demo;
    return { ...person, careContexts: this.careContextsOf(demo.id, demo), authModes: [...AUTH_MODES] };
  }

  private fromAccount(account: Account, demo: DatedDemoPatient | undefined): CmPatient {
    const id = account.healthId.toLowerCase();
    const pad = (value: string) => value.padStart(2, '0');
    const modes = account.authMethods.map((method) => HEALTH_ID_AUTH_MODES[method]).filter((m): m is AuthMode => !!m);
    return {
      id,
      name: [account.firstName, account.middleName, account.lastName].filter(Boolean).join(' '),
      gender: account.gender,
      yearOfBirth: Number(account.yearOfBirth),
      birthDate: `${account.yearOfBirth}-${pad(account.monthOfBirth)}-${pad(account.dayOfBirth)}`,
      mobile: `+91${account.mobile.replace(/^\+?91/, '')}`,
      abhaNumber: account.healthIdNumber,
      address: {
        line: account.address,
        district: account.district.districtName,
        state: account.district.stateName,
        pincode: account.district.pincode,
      },
      careContexts: this.careContextsOf(id, demo),
      // Every sandbox user has the ABHA app, so DIRECT is always offered.
      authModes: [...modes, 'DIRECT'],
    };
  }
}
