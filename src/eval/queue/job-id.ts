/**
 * BullMQ job ids for episode keys. BullMQ rejects custom ids that contain `:`
 * or look like integers, and episode keys may contain both (`pomdp:tiger...`),
 * so a job id is `ep-` + the key with `%` and `:` percent-encoded: one job id
 * per key, and the key can be read back from the id.
 */

const PREFIX = 'ep-';

export function jobIdFor(key: string): string {
  return PREFIX + key.replace(/%/g, '%25').replace(/:/g, '%3A');
}

/** The episode key of a job id made by `jobIdFor`, or undefined for other ids. */
export function keyOfJobId(jobId: string): string | undefined {
  if (!jobId.startsWith(PREFIX)) return undefined;
  const body = jobId.slice(PREFIX.length);
  if (/%(?!25|3A)/.test(body)) return undefined;
  return body.replace(/%3A/g, ':').replace(/%25/g, '%');
}
