// A timeline path all the way to its words, as the Records screen shows it: main names the row by the path it
// recorded (electron/abdm/gateway/timeline-messages.ts), the page words the name (renderer/lib/records/records-terms.ts).
import { timelineMessageOf } from '../../electron/abdm/gateway/timeline-messages';
import { messageKey } from '../../renderer/lib/records/records-terms';

export { timelineMessageOf };

export function pathKey(path: string): ReturnType<typeof messageKey> {
  return messageKey(timelineMessageOf(path));
}
