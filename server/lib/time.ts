export const nowIso = (): string => new Date().toISOString();

export const addDays = (iso: string, days: number): string => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();
