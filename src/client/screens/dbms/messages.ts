/**
 * Texts of the database query tool's screens (namespace `app.dbms.*`; spec 1 en and zh; spec 2.3 /dbms, issue 15).
 * Page titles are the manifest's `screens.dbmsQuery` / `screens.dbmsHistory`, the connection's name
 * `resources.dbConnection.fields.name`. The database's own messages are shown as they come. Both languages hold
 * the same keys. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    dbms: {
      connection: 'Run on',
      statement: 'Statement',
      run: 'Run',
      run_hint: 'Ctrl+Enter runs the statement. It runs read-only, stopped after %{seconds} s.',
      history: 'History',
      query: 'Query',
      rows: '%{count} rows in %{ms} ms',
      capped: 'First %{max} rows shown: the result has more',
      no_rows: 'The statement returned no rows',
      started: 'Time',
      duration: 'Run time (ms)',
      row_count: 'Rows',
      error: 'Error',
      load: 'Load into editor',
      empty_history: 'No statements run on this connection yet',
    },
  },
};

type Messages = typeof en;

const zh: Messages = {
  app: {
    dbms: {
      connection: '执行于',
      statement: '语句',
      run: '执行',
      run_hint: 'Ctrl+Enter 执行。语句以只读方式运行，%{seconds} 秒后停止。',
      history: '历史',
      query: '查询',
      rows: '%{count} 行，用时 %{ms} 毫秒',
      capped: '仅显示前 %{max} 行：结果还有更多',
      no_rows: '语句没有返回行',
      started: '时间',
      duration: '运行时间（毫秒）',
      row_count: '行数',
      error: '错误',
      load: '载入编辑器',
      empty_history: '此连接还没有执行过语句',
    },
  },
};

export const dbmsMessages = { en, zh };
