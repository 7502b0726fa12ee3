// A v3 profile share as abdm-frontdesk.md §1 shows it (NHA's patient-share.yaml example, with the counter in
// metaData.context), for tests of the desk and the relay: written from the spec, not from the code under test.

export function specShareBody(abhaAddress: string, counterId: string, hipId: string): Record<string, unknown> {
  return {
    intent: 'PROFILE_SHARE',
    metaData: { hipId, context: counterId, hprId: null, latitude: null, longitude: null },
    profile: {
      patient: {
        abhaNumber: '91-7507-6821-7770',
        abhaAddress,
        name: 'Asha Devi',
        gender: 'F',
        dayOfBirth: '1',
        monthOfBirth: '8',
        yearOfBirth: '1981',
        address: { line: '12 Gandhi Road', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641050' },
        phoneNumber: '9876543210',
      },
    },
  };
}
