const runTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a source or a timed job ran or runs next, in the device's zone: 'Nov 27, 9:00 AM'. */
export function runTimeText(iso: string): string {
  return runTimeFormat.format(new Date(iso));
}
