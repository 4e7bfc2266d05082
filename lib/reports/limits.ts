// contract.md: a report covers 1 to 3660 days (a module of its own, so that the dashboard's client
// components can read it without the database code).
export const MAX_REPORT_DAYS = 3660;
