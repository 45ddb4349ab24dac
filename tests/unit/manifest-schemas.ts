/** Shared by the schema tests (schema-pick, plain-value): every manifest schema, and a reproducible generator. */
import type { Schema } from 'yup';
import { bindings } from '../../generated/server/routes';
import type { Lang } from '../../src/shared/validation';

/** A deterministic generator (LCG) of numbers in [0, 1), so a failure names a body that reproduces. */
export function random(seed: number) {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/** Every manifest query, add and edit schema in `lang`, named "<resource> query|add|edit". */
export const schemasOf = (lang: Lang) => Object.entries(bindings).flatMap(([name, b]) => {
  const s = b.schemas as { query?: (l: Lang) => Schema; form?: (m: 'add' | 'edit', l: Lang) => Schema };
  return [
    ...(s.query ? [[`${name} query`, s.query(lang)] as const] : []),
    ...(s.form ? [[`${name} add`, s.form('add', lang)] as const, [`${name} edit`, s.form('edit', lang)] as const] : []),
  ];
});
