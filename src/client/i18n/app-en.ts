/**
 * The console's own English messages (namespace `app.*`), merged by providers/i18nProvider.ts over
 * ra-language-english and under the generated messages. app-zh.ts must have exactly the same key set
 * (checked by tests/unit/client-i18n.test.ts).
 *
 * Texts follow the spec: login messages (spec 5), session and permission messages (spec 8),
 * page messages "no permission to access this page" / "URL not found" (spec 8), title suffix WMS (spec 1),
 * change-password dialog and its rules (spec 2.4, 5; 'Operation Successful', spec 8).
 * The console shell (`app.shell.*`, spec 2.4, 7.1): tabs bar, error log, local print, component size,
 * full screen, loading mask, /auth-redirect.
 */
import { loginTexts } from '../../shared/login';
export const appEn = {
  app: {
    title: 'WMS',
    menu: {
      logout: 'Log out',
    },
    print: {
      // spec 8 "Local print failure"
      failed: 'Printing failed: check that the local print plugin is enabled',
      button: 'Print',
      opened: 'The document opened in a new tab',
      sent: 'Sent to the printer',
      documents: {
        pickList: 'Pick list',
        packingList: 'Packing list',
        inboundReceipt: 'Inbound receipt',
        outboundPackageLabel: 'Package label',
        inboundPackageLabel: 'Package label',
        countSheet: 'Count sheet',
        invoice: 'Print invoice (PDF)',
      },
    },
    // the invoice list's row button (screens/billing/widgets.tsx; issue 32)
    billing: {
      invoiceDetail: 'Download detail (Excel)',
    },
    login: {
      title: 'Warehouse Management System',
      captcha: 'Verification code',
      captcha_image: 'Verification code image, click to refresh',
      captcha_loading: 'Loading…',
      submit: 'Log in',
      username_required: loginTexts.en.username_required,
      password_required: loginTexts.en.password_required,
      password_min: loginTexts.en.password_min,
      captcha_required: loginTexts.en.captcha_required,
      failed: 'Login failed',
    },
    password: {
      change: 'Change password',
      old: 'Old password',
      new: 'New password',
      confirm: 'Confirm password',
      submit: 'Confirm',
      cancel: 'Cancel',
      old_required: 'Old password cannot be empty',
      new_required: 'New password cannot be empty',
      confirm_required: 'Confirm password cannot be empty',
      length: 'length must be between 6 and 20 characters',
      mismatch: 'passwords do not match',
      success: 'Operation Successful',
    },
    http: {
      session_expired: 'Not logged in or session expired',
      forbidden: 'Insufficient permission',
      timeout: 'Request timed out after %{ms} ms',
      network_error: 'Network error',
      http_error: 'Request failed with status code %{status}',
      server_error: 'Request failed',
    },
    list: {
      load_failed: 'The list could not be loaded: %{message}',
      retry: 'Try again',
      filtered: 'Filtered: %{smart_count}',
    },
    auth: {
      verification_failed: 'Verification failed, please login again',
      roles_required: 'roles must be a non-null array',
    },
    page: {
      no_permission_title: '401',
      no_permission: 'You have no permission to access this page',
      not_found_title: '404',
      not_found: 'URL not found',
      back: 'Go back',
      home: 'Back to home',
    },
    shell: {
      close: 'Close',
      loading: 'Loading…',
      auth_redirect: 'Signing you in…',
      tabs: {
        label: 'Open views',
        refresh: 'Refresh',
        close: 'Close',
        close_others: 'Close others',
        close_all: 'Close all',
      },
      error_log: {
        title: 'Error log',
        empty: 'No errors so far.',
        time: 'Time',
        message: 'Message',
        info: 'Info',
        url: 'URL',
        stack: 'Stack',
        clear: 'Clear',
      },
      print: {
        title: 'Local print',
        local: 'Print through the local print plugin',
        download: 'Download the local print plugin',
        address: 'Plugin address',
      },
      size: {
        title: 'Component size',
        default: 'Default',
        medium: 'Medium',
        small: 'Small',
      },
      fullscreen: {
        enter: 'Full screen',
        exit: 'Exit full screen',
      },
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
      welcome_anonymous: 'Welcome',
      intro: 'Figures of the warehouses and goods owners you may see.',
      loading: 'Loading figures…',
      failed: 'The figures could not be loaded: %{error}',
      no_data: 'Nothing to show',
      inbound_open: 'Open inbound orders',
      outbound_to_ship: 'Outbound orders to ship',
      received_today: 'Units received today',
      shipped_today: 'Units shipped today',
      units_received: 'Units received',
      units_shipped: 'Units shipped',
      chart_warehouses: 'Inventory by warehouse',
      chart_daily: 'Units received and shipped, last 30 days',
      chart_stock: 'Stock on hand, last 30 days',
      empty_warehouses: 'No stock in your warehouses yet: it appears here once goods are received.',
      empty_daily: 'Nothing was received or shipped in the last 30 days.',
      trend_hint: 'The trend fills in night by night: the inventory snapshot is taken every day at 00:05.',
    },
    // the SKU widgets' own texts (screens/sku); the lists' labels are the manifest's (resources.sku.*)
    sku: {
      action: {
        download: 'Download',
        download_template: 'Download template',
        confirm: 'Confirm',
      },
      weight: {
        title: 'Change weight',
        prompt: 'New weight (kg) of the selected SKU |||| New weight (kg) of the %{smart_count} selected SKUs',
        empty: "weight can't be null",
      },
      labels: {
        title: 'Download platform labels',
        one: 'Download label',
        prompt: 'Platform labels of the selected SKU |||| Platform labels of the %{smart_count} selected SKUs',
        not_a_file: 'The server did not answer with a file',
      },
      import: {
        sku: 'Import SKUs',
        supplier_sku: 'Import supplier SKUs',
        ec_platform_sku: 'Import platform SKUs',
        please_upload: 'Please upload',
        file: 'Excel file',
        hint: 'Download the template, fill it in and upload it; up to 100MB.',
        success: 'Import finished',
        failed: 'Import failed',
        progress: '%{done} / %{total} rows',
        errors: 'One error |||| %{smart_count} errors',
        row: 'Row',
        column: 'Column',
        message: 'Message',
      },
    },
  },
};
