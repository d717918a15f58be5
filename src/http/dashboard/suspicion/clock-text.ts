/**
 * A legal clock as an analyst reads it: "vence em 3 dias", "vence em 5 h", "vencido há 2 dias",
 * "vencido há 1 h". Whole days once a day or more is left (or gone), hours under a day, minutes
 * under an hour, each rounded down: 2 days and 23 hours left reads "vence em 2 dias" (what is left is
 * never overstated).
 */
export function dueText(dueAt: string, now: Date): { text: string; overdue: boolean } {
  const ms = Date.parse(dueAt) - now.getTime();
  const overdue = ms < 0;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const amount = days >= 1 ? (days === 1 ? '1 dia' : `${days} dias`) : hours >= 1 ? `${hours} h` : minutes >= 1 ? `${minutes} min` : null;
  if (amount === null) return { text: overdue ? 'vencido agora' : 'vence agora', overdue };
  return { text: overdue ? `vencido há ${amount}` : `vence em ${amount}`, overdue };
}
