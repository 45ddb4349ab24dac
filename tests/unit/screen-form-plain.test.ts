/**
 * The generic create/edit form of a derived (plain) screen (src/client/kit/screen/screenForm.ts; issue 27 item 4):
 * a new record starts from the manifest's defaults (an enum default as its value), and an edit leaves out a
 * password or secret left empty (the stored one stays) but sends one that is typed.
 */
import { describe, expect, it } from 'vitest';
import { dbConnectionMeta } from '../../generated/shared/resources/dbConnection';
import { warehouseMeta } from '../../generated/shared/resources/warehouse';
import { schemas } from '../../generated/shared/schemas';
import { screenAddBody, screenEditBody, screenFormValues } from '../../src/client/kit/screen/screenForm';
import { screenOf, type ScreenSource } from '../../src/client/kit/screen/spec';

const source = { resources: { dbConnection: dbConnectionMeta, warehouse: warehouseMeta }, schemas } as unknown as ScreenSource;

describe('the form of a plain screen', () => {
  it('starts a new record from the manifest defaults', () => {
    expect(screenFormValues(screenOf(source, 'dbConnection'), null)).toMatchObject({ name: '', port: 5432, password: '' });
    // SELF_OPERATED is the warehouse type's default key: its value is sent
    expect(screenFormValues(screenOf(source, 'warehouse'), null)).toMatchObject({ type: 1, isDefault: false, code: '' });
  });

  it('keeps the stored password on edit unless one is typed', () => {
    const screen = screenOf(source, 'dbConnection');
    const values = { name: 'Reports', host: 'db', port: 5432, database: 'r', username: 'u', password: '', remark: '' };
    expect(screenEditBody(screen, 3, values)).not.toHaveProperty('password');
    expect(screenEditBody(screen, 3, { ...values, password: 'pw-2' })).toMatchObject({ id: 3, password: 'pw-2' });
    expect(screenAddBody(screen, { ...values, password: 'pw-1' })).toMatchObject({ name: 'Reports', password: 'pw-1' });
  });

  it('leaves a read-only-on-edit field out of the edit body', () => {
    const body = screenEditBody(screenOf(source, 'warehouse'), 5, { code: 'JED01', name: 'Jeddah', type: 1 });
    expect(body).toMatchObject({ id: 5, name: 'Jeddah' });
    expect(body).not.toHaveProperty('code');
  });
});
