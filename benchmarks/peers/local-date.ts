// The one date conversion both peers get, inside their timed load: the data's local
// "YYYY-MM-DD HH:mm" strings (engine minutes, no zone) become Date objects in the page's zone,
// which dhtmlx-gantt's parse and SVAR's tasks both accept.

export function toDate(s: string): Date {
  const n = (from: number, to: number) => Number(s.slice(from, to));
  return new Date(n(0, 4), n(5, 7) - 1, n(8, 10), n(11, 13), n(14, 16));
}
