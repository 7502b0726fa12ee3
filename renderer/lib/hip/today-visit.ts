// Whether the patient already has a visit today (one visit a patient a day, VisitsPort.open): the desk offers
// "Open today's visit" only when not. A day is the desk's local day, as the clerk reads the calendar.
import type { VisitView } from '../../../electron/ipc/contract';
import { today } from './paper-date';

export function visitToday(visits: readonly VisitView[], now: Date): VisitView | undefined {
  const day = today(now);
  return visits.find((visit) => today(new Date(visit.openedAt)) === day);
}
