// The order language: player text to typed orders (or a typed OrderProblem), and the canonical echo of an order.

export { parseOrderLine, powerHeader, type ParsedOrder } from './parse-order.ts';
export { formatOrder, formatLocation, type OrderDescriber } from './format-order.ts';
export type { OrderProblem, ProvinceSuggestion, WrittenKeyword } from './order-problems.ts';
