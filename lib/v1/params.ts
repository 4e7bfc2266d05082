// Path parameters of /v1: integers written in decimal, nothing else.
import { invalid, notFound } from "@/lib/errors";
import { INT32_MAX } from "@/lib/validation";

export function intParam(name: string, raw: string, min = 1, max = INT32_MAX): number {
  if (!/^-?\d{1,10}$/.test(raw)) throw invalid(`${name} must be an integer, got "${raw.slice(0, 40)}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw invalid(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

/**
 * The id of an element: not an integer → 400; an integer that cannot be an id (0, negative, too
 * large) names nothing → 404, as an unknown id does.
 */
export function idParam(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw invalid(`${name} must be an integer, got "${raw.slice(0, 40)}"`);
  const value = Number(raw);
  if (raw.length > 10 || value < 1 || value > INT32_MAX) {
    throw notFound(`${name} ${raw.slice(0, 20)} does not exist`);
  }
  return value;
}
