/**
 * Texts of the scheduled-task widgets (namespace `app.jobs.*`; spec 1 en and zh; issue 15): the bean select's
 * hint, the next fire times under the cron input, Run now. Field labels, enum texts and rules are the
 * manifest's (`resources.job.*`). Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    jobs: {
      bean_hint: 'The handler the task runs (registered by the server)',
      next_times: 'Next fire times (server time zone):',
      next_none: 'It never fires again',
      next_loading: 'Computing the next fire times…',
      run_now: 'Run now',
      started: 'Task %{name} started: its line is in the task log',
    },
  },
};

const zh: typeof en = {
  app: {
    jobs: {
      bean_hint: '任务执行的处理器（由服务器注册）',
      next_times: '接下来的执行时间（服务器时区）：',
      next_none: '此后不会再执行',
      next_loading: '正在计算接下来的执行时间…',
      run_now: '立即执行',
      started: '任务 %{name} 已开始执行，记录见任务日志',
    },
  },
};

export const jobMessages = { en, zh };
