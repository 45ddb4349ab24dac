/**
 * The console's own Chinese messages (namespace `app.*`); same key set as app-en.ts
 * (checked by tests/unit/client-i18n.test.ts). Spec 5 (login, change password), 8 (messages), 1 (title suffix
 * WMS), 2.4 (change-password dialog).
 */
import { loginTexts } from '../../shared/login';
import type { appEn } from './app-en';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const appZh: Messages<typeof appEn> = {
  app: {
    title: 'WMS',
    menu: {
      logout: '退出登录',
    },
    print: {
      // spec 8 本地打印失败
      failed: '打印失败，请检查是否启用了本地打印插件',
      button: '打印',
      opened: '单据已在新标签页打开',
      sent: '已发送到打印机',
      documents: {
        pickList: '拣货单',
        packingList: '装箱单',
        inboundReceipt: '入库收货单',
        outboundPackageLabel: '包裹标签',
        inboundPackageLabel: '包裹标签',
        countSheet: '盘点表',
        invoice: '打印账单（PDF）',
      },
    },
    login: {
      title: '仓储管理系统',
      captcha: '验证码',
      captcha_image: '验证码图片，点击刷新',
      captcha_loading: '加载中…',
      submit: '登录',
      username_required: loginTexts.zh.username_required,
      password_required: loginTexts.zh.password_required,
      password_min: loginTexts.zh.password_min,
      captcha_required: loginTexts.zh.captcha_required,
      failed: '登录失败',
    },
    password: {
      change: '修改密码',
      old: '原密码',
      new: '新密码',
      confirm: '确认密码',
      submit: '确定',
      cancel: '取消',
      old_required: '原密码不能为空',
      new_required: '新密码不能为空',
      confirm_required: '确认密码不能为空',
      length: '长度在 6 到 20 个字符',
      mismatch: '两次输入密码不一致',
      success: '操作成功',
    },
    http: {
      session_expired: '未登录或登录已失效',
      forbidden: '权限不足',
      timeout: '请求超时（%{ms} 毫秒）',
      network_error: '网络错误',
      http_error: '请求失败，状态码 %{status}',
      server_error: '请求失败',
    },
    list: {
      load_failed: '列表加载失败：%{message}',
      retry: '重试',
      filtered: '已筛选：%{smart_count} 项',
    },
    auth: {
      verification_failed: '验证失败，请重新登录',
      roles_required: 'roles must be a non-null array',
    },
    page: {
      no_permission_title: '401',
      no_permission: '你没有权限访问该页面',
      not_found_title: '404',
      not_found: '网址不存在',
      back: '返回',
      home: '返回首页',
    },
    shell: {
      close: '关闭',
      loading: '加载中…',
      auth_redirect: '正在登录…',
      tabs: {
        label: '已打开的页面',
        refresh: '刷新',
        close: '关闭',
        close_others: '关闭其他',
        close_all: '关闭所有',
      },
      error_log: {
        title: '错误日志',
        empty: '暂无错误。',
        time: '时间',
        message: '消息',
        info: '信息',
        url: '请求地址',
        stack: '堆栈',
        clear: '清空',
      },
      print: {
        title: '本地打印',
        local: '使用本地打印插件打印',
        download: '下载本地打印插件',
        address: '插件地址',
      },
      size: {
        title: '布局大小',
        default: '默认',
        medium: '中等',
        small: '小',
      },
      fullscreen: {
        enter: '全屏',
        exit: '退出全屏',
      },
    },
    dashboard: {
      welcome: '欢迎，%{name}',
      welcome_anonymous: '欢迎',
      intro: '以下为您有权查看的仓库和货主的数据。',
      loading: '正在加载数据…',
      failed: '数据加载失败：%{error}',
      no_data: '暂无数据',
      inbound_open: '未完成入库单',
      outbound_to_ship: '待发货出库单',
      received_today: '今日收货数量',
      shipped_today: '今日发货数量',
      units_received: '收货数量',
      units_shipped: '发货数量',
      chart_warehouses: '各仓库库存',
      chart_daily: '近30天收发货数量',
      chart_stock: '近30天库存趋势',
      empty_warehouses: '您的仓库暂无库存：收货后这里会显示各仓库的库存。',
      empty_daily: '近30天没有收货或发货。',
      trend_hint: '库存趋势每晚更新：每天 00:05 生成库存快照。',
      revenue_title: '各货主月度收入',
      revenue_accrued: '已计费，未开账单',
      revenue_empty: '近12个月没有费用或账单。',
    },
    // the SKU widgets' own texts (screens/sku); the lists' labels are the manifest's (resources.sku.*)
    sku: {
      action: {
        download: '下载',
        download_template: '下载模板',
        confirm: '确定',
      },
      weight: {
        title: '批量修改重量',
        prompt: '所选 %{smart_count} 个商品的新重量(kg)',
        empty: '重量不能为空',
      },
      labels: {
        title: '下载平台标签',
        one: '下载标签',
        prompt: '所选 %{smart_count} 个商品的平台标签',
        not_a_file: '服务器未返回文件',
      },
      import: {
        sku: '导入商品',
        supplier_sku: '导入供应商SKU',
        ec_platform_sku: '导入平台SKU',
        please_upload: '请上传',
        file: 'Excel文件',
        hint: '请下载模板，填写后上传；文件不超过100MB。',
        success: '导入完成',
        failed: '导入失败',
        progress: '%{done} / %{total} 行',
        errors: '%{smart_count} 个错误',
        row: '行',
        column: '列',
        message: '错误信息',
      },
    },
  },
};
