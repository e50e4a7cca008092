/**
 * Reads that do not depend on an access check run alongside it instead of after it. The check
 * decides: its refusal (a 404 that reveals nothing) wins over whatever the reads did, and their
 * result is handed out only once access is granted.
 */
export const alongside = async <A, R>(check: Promise<A>, reads: Promise<R>): Promise<[A, R]> => {
  // Settled at once, so a failing read never surfaces as an unhandled rejection while the check runs.
  const settled = reads.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const granted = await check;
  const result = await settled;
  if (!result.ok) throw result.error;
  return [granted, result.value];
};
