/**
 * Simplified Chinese messages for react-admin's built-in UI (the `ra.*` namespace).
 *
 * Why this file exists: react-admin 5 ships no complete Chinese message package
 * (the community zh packages target older majors and miss many v5 keys), so we
 * maintain our own. The key set must stay exactly equal to ra-language-english's
 * (checked by tests/unit/ra-zh.test.ts); when react-admin is upgraded, add the
 * new English keys here.
 *
 * Conventions:
 * - Every `%{placeholder}` of the English value is kept, with the same name.
 * - No polyglot `||||` plural forms: polyglot selects a single form for `zh`, so
 *   each value is one sentence that reads correctly for any `%{smart_count}`.
 *   Exception: `ra.message.bulk_update_title` / `bulk_update_content` drop
 *   `%{recordRepresentation}`, which only the English singular form uses.
 *   BulkUpdateWithConfirmButton does not pass it, so a single Chinese form
 *   containing it would display the raw `%{recordRepresentation}` token.
 */
import type { TranslationMessages } from 'react-admin';

export const raChineseMessages: TranslationMessages = {
  ra: {
    action: {
      add_filter: '添加筛选条件',
      add: '添加',
      back: '返回',
      bulk_actions: '已选择 %{smart_count} 项',
      cancel: '取消',
      clear_array_input: '清空列表',
      clear_input_value: '清空',
      clone: '复制',
      confirm: '确认',
      create: '新建',
      create_item: '新建“%{item}”',
      delete: '删除',
      edit: '编辑',
      export: '导出',
      list: '列表',
      refresh: '刷新',
      remove_filter: '移除此筛选条件',
      remove_all_filters: '移除所有筛选条件',
      remove: '移除',
      reset: '重置',
      save: '保存',
      search: '搜索',
      search_columns: '搜索列',
      select_all: '全选',
      select_all_button: '全选',
      select_row: '选择此行',
      show: '查看',
      sort: '排序',
      undo: '撤销',
      unselect: '取消选择',
      expand: '展开',
      close: '关闭',
      open_menu: '打开菜单',
      close_menu: '关闭菜单',
      update: '更新',
      move_up: '上移',
      move_down: '下移',
      open: '打开',
      toggle_theme: '切换浅色/深色模式',
      select_columns: '选择列',
      update_application: '重新加载应用',
    },
    boolean: {
      true: '是',
      false: '否',
      null: ' ',
    },
    page: {
      create: '新建%{name}',
      dashboard: '仪表盘',
      edit: '编辑%{name} %{recordRepresentation}',
      error: '出错了',
      list: '%{name}',
      loading: '加载中',
      not_found: '页面未找到',
      show: '查看%{name} %{recordRepresentation}',
      empty: '暂无%{name}。',
      invite: '要新建一条吗？',
      access_denied: '拒绝访问',
      authentication_error: '认证错误',
    },
    input: {
      file: {
        upload_several: '将文件拖放到此处上传，或点击选择文件。',
        upload_single: '将一个文件拖放到此处上传，或点击选择。',
      },
      image: {
        upload_several: '将图片拖放到此处上传，或点击选择图片。',
        upload_single: '将一张图片拖放到此处上传，或点击选择。',
      },
      references: {
        all_missing: '无法找到关联数据。',
        many_missing: '至少有一条关联数据已不可用。',
        single_missing: '关联数据已不可用。',
      },
      password: {
        toggle_visible: '隐藏密码',
        toggle_hidden: '显示密码',
      },
    },
    message: {
      about: '关于',
      access_denied: '您没有访问此页面的权限',
      are_you_sure: '您确定吗？',
      authentication_error: '认证服务器返回错误，无法验证您的凭据。',
      auth_error: '验证认证令牌时出错。',
      bulk_delete_content: '确定要删除选中的 %{smart_count} 项%{name}吗？',
      bulk_delete_title: '删除 %{smart_count} 项%{name}',
      // No %{recordRepresentation}: see the module docstring.
      bulk_update_content: '确定要更新选中的 %{smart_count} 项%{name}吗？',
      bulk_update_title: '更新 %{smart_count} 项%{name}',
      clear_array_input: '确定要清空整个列表吗？',
      delete_content: '确定要删除此%{name}吗？',
      delete_title: '删除%{name} %{recordRepresentation}',
      details: '详情',
      error: '发生客户端错误，您的请求未能完成。',
      invalid_form: '表单无效，请检查错误',
      loading: '请稍候',
      no: '否',
      not_found: '您输入的网址有误，或访问的链接已失效。',
      select_all_limit_reached: '可选项过多，无法全部选择，仅选择了前 %{max} 项。',
      unsaved_changes: '部分修改尚未保存，确定要放弃这些修改吗？',
      yes: '是',
      placeholder_data_warning: '网络问题：数据刷新失败。',
    },
    navigation: {
      clear_filters: '清除筛选条件',
      no_filtered_results: '当前筛选条件下没有找到%{name}。',
      no_results: '没有找到%{name}',
      no_more_results: '页码 %{page} 超出范围，请尝试上一页。',
      page_out_of_boundaries: '页码 %{page} 超出范围',
      page_out_from_end: '已经是最后一页',
      page_out_from_begin: '已经是第一页',
      page_range_info: '第 %{offsetBegin}-%{offsetEnd} 条，共 %{total} 条',
      partial_page_range_info: '第 %{offsetBegin}-%{offsetEnd} 条，共超过 %{offsetEnd} 条',
      current_page: '第 %{page} 页',
      page: '转到第 %{page} 页',
      first: '转到第一页',
      last: '转到最后一页',
      next: '转到下一页',
      previous: '转到上一页',
      page_rows_per_page: '每页行数：',
      skip_nav: '跳转到内容',
    },
    sort: {
      // %{field}, not %{field_lower_first}: Chinese has no case, and a Latin label ("SKU") must stay as written
      sort_by: '按%{field}%{order}排序',
      ASC: '升序',
      DESC: '降序',
    },
    auth: {
      auth_check_error: '请登录后继续',
      user_menu: '个人资料',
      username: '用户名',
      password: '密码',
      email: '邮箱',
      sign_in: '登录',
      sign_in_error: '认证失败，请重试',
      logout: '退出登录',
    },
    notification: {
      updated: '已更新 %{smart_count} 条记录',
      created: '记录已创建',
      deleted: '已删除 %{smart_count} 条记录',
      bad_item: '记录不正确',
      item_doesnt_exist: '记录不存在',
      http_error: '与服务器通信出错',
      data_provider_error: 'dataProvider 出错，详情请查看控制台。',
      i18n_error: '无法加载所选语言的翻译',
      canceled: '操作已取消',
      logged_out: '您的会话已结束，请重新登录。',
      not_authorized: '您无权访问此资源。',
      application_update_available: '有新版本可用。',
      offline: '网络未连接，无法获取数据。',
    },
    validation: {
      required: '必填',
      minLength: '至少需要 %{min} 个字符',
      maxLength: '不能超过 %{max} 个字符',
      minValue: '不能小于 %{min}',
      maxValue: '不能大于 %{max}',
      number: '必须是数字',
      email: '必须是有效的邮箱地址',
      oneOf: '必须是以下之一：%{options}',
      regex: '必须符合指定格式（正则表达式）：%{pattern}',
      unique: '必须唯一',
    },
    saved_queries: {
      label: '已保存的查询',
      query_name: '查询名称',
      new_label: '保存当前查询…',
      new_dialog_title: '将当前查询保存为',
      remove_label: '删除已保存的查询',
      remove_label_with_name: '删除查询“%{name}”',
      remove_dialog_title: '删除已保存的查询？',
      remove_message: '确定要从已保存的查询列表中删除此项吗？',
      help: '筛选列表并保存此查询，以便稍后使用',
    },
    guesser: {
      empty: {
        title: '没有可显示的数据',
        message: '请检查您的数据提供者（data provider）',
      },
    },
    configurable: {
      customize: '自定义',
      configureMode: '配置此页面',
      inspector: {
        title: '检查器',
        content: '将鼠标悬停在界面元素上以进行配置',
        reset: '重置设置',
        hideAll: '全部隐藏',
        showAll: '全部显示',
      },
      Datagrid: {
        title: '数据表格',
        unlabeled: '未命名列 #%{column}',
      },
      SimpleForm: {
        title: '表单',
        unlabeled: '未命名输入项 #%{input}',
      },
      SimpleList: {
        title: '列表',
        primaryText: '主要文本',
        secondaryText: '次要文本',
        tertiaryText: '第三文本',
      },
    },
  },
};
