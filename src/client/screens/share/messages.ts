/**
 * Texts of inventory sharing (namespace `app.share.*`; issue 16): the link dialog and row buttons of
 * /sku/inventory_share_list and the public page /inventoryShare. Field and column labels are the manifest's
 * (`resources.inventoryShare.fields.*`, `enums.ShareColumn.*`, `resources.sku.fields.*`). Both languages hold
 * the same keys. Merged by providers/i18nProvider.ts.
 */
const en = {
  app: {
    share: {
      link: {
        title: 'Link of "%{title}"',
        once: 'Copy the link now: it is shown only this once. Anyone with it sees the stock this share shows until it expires or is revoked.',
        copy: 'Copy link',
        copied: 'Link copied',
        open: 'Open',
        close: 'Close',
        regenerate: 'New link',
        regenerate_confirm: 'Make a new link for "%{title}"? The current link stops working at once.',
        revoke: 'Revoke link',
        revoke_confirm: 'Revoke the link of "%{title}"? Whoever has it will no longer see the stock.',
        revoked: 'Link revoked',
      },
      page: {
        heading: 'Shared stock',
        shared_by: 'Shared by %{owner}',
        in_warehouse: 'Warehouse: %{warehouse}',
        expires: 'Valid until %{date}',
        search: 'Search SKU or product name',
        search_button: 'Search',
        empty: 'Nothing matches',
        loading: 'Loading…',
        rows_per_page: 'Rows per page',
        invalid_title: 'This link cannot be opened',
      },
    },
  },
};

const zh: typeof en = {
  app: {
    share: {
      link: {
        title: '“%{title}”的链接',
        once: '请立即复制链接：它只显示这一次。持有链接的人在其过期或被撤销前都能看到此分享的库存。',
        copy: '复制链接',
        copied: '链接已复制',
        open: '打开',
        close: '关闭',
        regenerate: '重新生成链接',
        regenerate_confirm: '为“%{title}”生成新链接？当前链接将立即失效。',
        revoke: '撤销链接',
        revoke_confirm: '撤销“%{title}”的链接？持有该链接的人将无法再查看库存。',
        revoked: '链接已撤销',
      },
      page: {
        heading: '共享库存',
        shared_by: '分享方：%{owner}',
        in_warehouse: '仓库：%{warehouse}',
        expires: '有效期至 %{date}',
        search: '搜索 SKU 或商品名称',
        search_button: '搜索',
        empty: '没有匹配的商品',
        loading: '加载中…',
        rows_per_page: '每页行数',
        invalid_title: '无法打开此链接',
      },
    },
  },
};

export const shareMessages = { en, zh };
