/** Every generated file for a model, sorted by path (migrations excepted: drizzle-kit owns those). */
import { emitApi } from './emit-api';
import { emitClient } from './emit-client';
import { emitDb } from './emit-db';
import { emitDocs } from './emit-docs';
import { emitServer } from './emit-server';
import { emitShared } from './emit-shared';
import type { Model } from './manifest';
import type { Output } from './source';

export function emitAll(model: Model): Output[] {
  return [...emitDb(model), ...emitShared(model), ...emitServer(model), ...emitClient(model), ...emitDocs(model), ...emitApi(model)].sort((a, b) => a.path.localeCompare(b.path));
}
