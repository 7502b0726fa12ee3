import { z } from 'zod';

// Request bodies an HIU sends to the gateway, per the HIU interface (official/ndhm-hiu.yml).
// Values the consent manager judges (HI types, purpose codes, date order) are plain strings
// here: the CM answers those in the callback with its own codes (1419, 1420, 1418).
// Known defects of the official file are not enforced: consent.consentNotificationUrl.

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const dateTime = z.string().regex(DATE_TIME, 'must be an ISO date-time such as 2024-05-14T09:30:12.345Z');
const text = z.string().min(1, 'must not be empty');

const envelope = { requestId: z.guid(), timestamp: dateTime };
const dateRange = z.object({ from: dateTime, to: dateTime });
const requester = z.object({ type: z.enum(['HIU', 'HIP']), id: text });
const purpose = z.object({ text, code: text, refUri: z.string().optional() });
const authPurpose = z.enum(['LINK', 'KYC', 'KYC_AND_LINK']);
export const AUTH_MODES = ['MOBILE_OTP', 'DIRECT', 'DEMOGRAPHICS', 'AADHAAR_OTP'] as const;
const resp = z.object({ requestId: text });
const error = z.object({ code: z.number().int(), message: z.string() });

export const patientFindBody = z.object({
  ...envelope,
  query: z.object({ patient: z.object({ id: text }), requester }),
});

export const authFetchModesBody = z.object({
  ...envelope,
  query: z.object({ id: text, purpose: authPurpose, requester }),
});

export const authInitBody = z.object({
  ...envelope,
  query: z.object({ id: text, purpose: authPurpose, authMode: z.enum(AUTH_MODES).optional(), requester }),
});

export const authConfirmBody = z.object({
  ...envelope,
  transactionId: text,
  credential: z.object({
    authCode: z.string().optional(),
    demographic: z
      .object({
        name: text,
        gender: z.enum(['M', 'F', 'O', 'U']),
        dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
        identifier: z.object({ type: z.enum(['MOBILE']), value: text }).optional(),
      })
      .optional(),
  }),
});

export const consentInitBody = z.object({
  ...envelope,
  consent: z.object({
    purpose,
    patient: z.object({ id: text }),
    hip: z.object({ id: text }).optional(),
    careContexts: z.array(z.object({ patientReference: text, careContextReference: text })).optional(),
    hiu: z.object({ id: text }),
    requester: z.object({
      name: text,
      identifier: z.object({ type: text, value: text, system: z.string().optional() }).optional(),
    }),
    hiTypes: z.array(z.string()),
    permission: z.object({
      accessMode: z.enum(['VIEW', 'STORE', 'QUERY', 'STREAM']),
      dateRange,
      dataEraseAt: dateTime,
      frequency: z.object({
        unit: z.enum(['HOUR', 'WEEK', 'DAY', 'MONTH', 'YEAR']),
        value: z.number().int(),
        repeats: z.number().int(),
      }),
    }),
  }),
});

export const consentStatusBody = z.object({ ...envelope, consentRequestId: text });

export const consentFetchBody = z.object({ ...envelope, consentId: text });

export const keyMaterialSchema = z.object({
  cryptoAlg: text,
  curve: text,
  dhPublicKey: z.object({ expiry: dateTime, parameters: z.string(), keyValue: text }),
  nonce: text,
});

export const healthInformationRequestBody = z.object({
  ...envelope,
  hiRequest: z.object({
    consent: z.object({ id: text }),
    dateRange,
    dataPushUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    keyMaterial: keyMaterialSchema,
  }),
});

export const healthInformationNotifyBody = z.object({
  ...envelope,
  notification: z.object({
    consentId: text,
    transactionId: text,
    doneAt: dateTime,
    notifier: requester,
    statusNotification: z.object({
      sessionStatus: z.enum(['TRANSFERRED', 'FAILED']),
      hipId: text,
      statusResponses: z
        .array(
          z.object({
            careContextReference: text,
            hiStatus: z.enum(['DELIVERED', 'OK', 'ERRORED']),
            description: z.string().optional(),
          }),
        )
        .optional(),
    }),
  }),
});

export const subscriptionInitBody = z.object({
  ...envelope,
  subscription: z.object({
    purpose,
    patient: z.object({ id: text }),
    hiu: z.object({ id: text }),
    hips: z.array(z.object({ id: text })).optional(),
    categories: z.array(z.enum(['LINK', 'DATA'])).min(1, 'must name at least one category'),
    period: dateRange,
  }),
});

// Acknowledgements: resp.requestId ties them to the notification they answer.
const ack = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...envelope, error: error.nullish(), resp, ...shape });

export const consentNotifyAckBody = ack({
  acknowledgement: z.array(z.object({ status: z.enum(['OK', 'UNKNOWN']), consentId: text })).optional(),
});
export const authNotifyAckBody = ack({ acknowledgement: z.object({ status: z.enum(['OK']) }).optional() });
export const subscriptionRequestNotifyAckBody = ack({
  acknowledgement: z.object({ status: z.enum(['OK']), subscriptionRequestId: text }).optional(),
});
export const subscriptionEventAckBody = ack({
  acknowledgement: z.object({ status: z.enum(['OK']), eventId: text }).optional(),
});
/** Note the spelling `acknowledgment`, and that resp is optional here, as in the spec. */
export const patientStatusAckBody = z.object({
  ...envelope,
  acknowledgment: z.object({ status: z.enum(['OK']) }),
  error: error.nullish(),
  resp: resp.optional(),
});

export type ConsentInitBody = z.infer<typeof consentInitBody>;
export type KeyMaterialBody = z.infer<typeof keyMaterialSchema>;
