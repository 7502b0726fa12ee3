// Whether the Verify screen is past its first step (an OTP was sent for a patient), for the parts of the window that
// say a patient is held (the patient bar, close-patient.ts). Verify's own state stays in the screen.
export const verification = $state({ inProgress: false });
