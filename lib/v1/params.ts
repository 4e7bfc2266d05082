// Path parameters of /v1: integers written in decimal, nothing else.
import { invalid } from "@/lib/errors";

export function intParam(name: string, raw: string, min = 1, max = 2_147_483_647): number {
  if (!/^-?\d{1,10}$/.test(raw)) throw invalid(`${name} must be an integer, got "${raw.slice(0, 40)}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw invalid(`${name} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}
