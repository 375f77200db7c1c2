import { create } from 'zustand';
import { DEFAULT_SLOGAN } from '../common/contract/settings';
import { fetchSetting } from '../data/api-client';

interface SloganState {
  slogan: string;
  load(): Promise<void>;
}

export const useSloganStore = create<SloganState>((set) => ({
  slogan: DEFAULT_SLOGAN,
  async load() {
    try {
      const { value } = await fetchSetting('slogan');
      set({ slogan: value || DEFAULT_SLOGAN });
    } catch {
      // product-spec §7: a failure falls back to the default slogan
      set({ slogan: DEFAULT_SLOGAN });
    }
  },
}));
