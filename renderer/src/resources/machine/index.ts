/**
 * The one component for status machines (shared/resources/machine.ts): decision buttons, reason dialog, confirmation,
 * status tag and history, used by every screen whose definition declares machines.
 */
export { StatusMoves, withMoves, type StatusMovesProps } from './StatusMoves';
export { useMoves, type Moves, type MovesProps } from './useMoves';
export { StatusHistory, StatusTag, historyOf, type StatusEntry } from './StatusHistory';
export { ReasonDialog, type ReasonWords } from './ReasonDialog';
export { lockOf, viewMoves, type MoveView } from './moves';
