/**
 * Menu icon by @mui/icons-material export name (generated MenuNode.icon, e.g. 'Warehouse').
 * Icons are imported one by one (never the package barrel with a dynamic lookup, which would pull every
 * icon into the bundle): common names are listed here; a leaf node falls back to its generated resource's
 * icon component; anything else shows a neutral chevron.
 */
import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AppsIcon from '@mui/icons-material/Apps';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import BugReportIcon from '@mui/icons-material/BugReport';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DnsIcon from '@mui/icons-material/Dns';
import DomainIcon from '@mui/icons-material/Domain';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FlagIcon from '@mui/icons-material/Flag';
import FolderIcon from '@mui/icons-material/Folder';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import HttpIcon from '@mui/icons-material/Http';
import InboxIcon from '@mui/icons-material/Inbox';
import InputIcon from '@mui/icons-material/Input';
import InventoryIcon from '@mui/icons-material/Inventory';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LabelIcon from '@mui/icons-material/Label';
import LanguageIcon from '@mui/icons-material/Language';
import ListIcon from '@mui/icons-material/List';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import LockIcon from '@mui/icons-material/Lock';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import OutboxIcon from '@mui/icons-material/Outbox';
import OutputIcon from '@mui/icons-material/Output';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import PublicIcon from '@mui/icons-material/Public';
import QrCodeIcon from '@mui/icons-material/QrCode';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import StorageIcon from '@mui/icons-material/Storage';
import StoreIcon from '@mui/icons-material/Store';
import TableChartIcon from '@mui/icons-material/TableChart';
import TerminalIcon from '@mui/icons-material/Terminal';
import TimerIcon from '@mui/icons-material/Timer';
import TuneIcon from '@mui/icons-material/Tune';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import ViewListIcon from '@mui/icons-material/ViewList';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import WidgetsIcon from '@mui/icons-material/Widgets';
import WorkIcon from '@mui/icons-material/Work';
import StorefrontIcon from '@mui/icons-material/Storefront';
import DefaultIcon from '@mui/icons-material/ChevronRight';

const KNOWN: Record<string, SvgIconComponent> = {
  Storefront: StorefrontIcon,
  AccountTree: AccountTreeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apartment: ApartmentIcon,
  Apps: AppsIcon,
  Archive: ArchiveIcon,
  Assignment: AssignmentIcon,
  AssignmentReturn: AssignmentReturnIcon,
  Badge: BadgeIcon,
  Block: BlockIcon,
  BugReport: BugReportIcon,
  Business: BusinessIcon,
  Category: CategoryIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  Dns: DnsIcon,
  Domain: DomainIcon,
  FactCheck: FactCheckIcon,
  Flag: FlagIcon,
  Folder: FolderIcon,
  Gavel: GavelIcon,
  Group: GroupIcon,
  History: HistoryIcon,
  Home: HomeIcon,
  Http: HttpIcon,
  Inbox: InboxIcon,
  Input: InputIcon,
  Inventory: InventoryIcon,
  Inventory2: Inventory2Icon,
  Key: KeyIcon,
  Label: LabelIcon,
  Language: LanguageIcon,
  List: ListIcon,
  ListAlt: ListAltIcon,
  LocalShipping: LocalShippingIcon,
  LocationCity: LocationCityIcon,
  Lock: LockIcon,
  ManageAccounts: ManageAccountsIcon,
  Map: MapIcon,
  MoveToInbox: MoveToInboxIcon,
  Outbox: OutboxIcon,
  Output: OutputIcon,
  PendingActions: PendingActionsIcon,
  People: PeopleIcon,
  Person: PersonIcon,
  Place: PlaceIcon,
  Public: PublicIcon,
  QrCode: QrCodeIcon,
  ReceiptLong: ReceiptLongIcon,
  Schedule: ScheduleIcon,
  Security: SecurityIcon,
  Settings: SettingsIcon,
  Share: ShareIcon,
  Storage: StorageIcon,
  Store: StoreIcon,
  TableChart: TableChartIcon,
  Terminal: TerminalIcon,
  Timer: TimerIcon,
  Tune: TuneIcon,
  Unarchive: UnarchiveIcon,
  ViewList: ViewListIcon,
  VpnKey: VpnKeyIcon,
  Warehouse: WarehouseIcon,
  Widgets: WidgetsIcon,
  Work: WorkIcon,
};

/**
 * Icon for a menu node: the named icon when it is bundled here, else the icon component of the node's
 * generated resource, else a neutral chevron.
 */
export const MenuIcon = ({ name, fallback }: { name?: string; fallback?: ComponentType }) => {
  const Icon = (name ? KNOWN[name] : undefined) ?? fallback ?? DefaultIcon;
  return <Icon />;
};
