/**
 * Waybill rules the server and the console share (issue 17): the outbound order states a waybill is made in
 * (allocated, picking, packed: the goods are held; a shipped order keeps the waybill it left with).
 */
import { OutboundOrderStatus as S } from '../../generated/shared/enums';

export const WAYBILL_STATES: readonly number[] = [S.ALLOCATED, S.PICKING, S.PACKED];
