import { z } from 'zod';
import { consentInitBody, healthInformationRequestBody } from '../hiu/body-schemas';

// HIU request bodies of HIE-CM v3 (reference/spec/abdm-v3.md §3): the v0.5 payloads without the
// requestId/timestamp envelope, which moved to the REQUEST-ID and TIMESTAMP headers. Values the consent
// manager judges (purpose codes, HI types, dates) stay plain here and are refused in the callback.

const text = z.string().min(1, 'must not be empty');
const dateTime = healthInformationRequestBody.shape.hiRequest.shape.dateRange.shape.from;

export const v3ConsentInitBody = z.object({ consent: consentInitBody.shape.consent });

export const v3ConsentStatusBody = z.object({ consentRequestId: text });

export const v3ConsentFetchBody = z.object({ consentId: text });

export const v3HealthInformationRequestBody = z.object({ hiRequest: healthInformationRequestBody.shape.hiRequest });

/** NHA's text says the HIU sends RECEIVED; the notes (and the live gateway) use TRANSFERRED. Both pass. */
export const v3HealthInformationNotifyBody = z.object({
  notification: z.object({
    consentId: text,
    transactionId: text,
    doneAt: dateTime,
    notifier: z.object({ type: z.enum(['HIU', 'HIP']), id: text }),
    statusNotification: z.object({
      sessionStatus: z.enum(['TRANSFERRED', 'RECEIVED', 'FAILED']),
      hipId: text,
      statusResponses: z
        .array(
          z.object({
            careContextReference: text,
            hiStatus: z.enum(['OK', 'DELIVERED', 'ERRORED']),
            description: z.string().optional(),
          }),
        )
        .optional(),
    }),
  }),
});

export const v3ConsentNotifyAckBody = z.object({
  acknowledgement: z.array(z.object({ status: z.enum(['OK', 'UNKNOWN']), consentId: text })).optional(),
  error: z.object({ code: z.union([z.string(), z.number()]), message: z.string() }).nullish(),
  response: z.object({ requestId: text }),
});
