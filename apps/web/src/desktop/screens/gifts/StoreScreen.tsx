import type { GiftWire } from '@kindred/protocol';
import { useState } from 'react';
import { GiftGrid } from './GiftGrid';
import { SendGiftDialog } from './SendGiftDialog';
import './gifts.css';

/** /w/home/store/index: the gift shop by category; a tile's send button opens the send dialog. */
export function StoreScreen() {
  const [gift, setGift] = useState<GiftWire | null>(null);
  return (
    <div className="kd-card kd-store" data-testid="gift-store">
      <GiftGrid onPick={setGift} />
      <SendGiftDialog target={gift ? { gift } : null} onClose={() => setGift(null)} />
    </div>
  );
}
