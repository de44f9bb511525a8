import { create } from 'zustand'

/** The chart whose history is open, from any screen (a title is a link to it wherever it shows). */
export const useChartHistory = create<{ chartId: string | null; open(chartId: string): void; close(): void }>((set) => ({
  chartId: null,
  open: (chartId) => set({ chartId }),
  close: () => set({ chartId: null })
}))
