import { useRef } from 'react';
import { CARD_STEP_SECONDS, groupedCardCode } from '#protocol/member-card';
import { memberCardTexts } from '../../i18n/zh-TW/member-card';
import type { MemberCardView } from './api';
import { Barcode } from './barcode';
import { QrCode } from './qr-code';
import { useCardCode } from './use-card-code';

type Card = NonNullable<MemberCardView['card']>;

/** The code to scan: barcode, digits for typing in, QR code, and how long until it changes. */
export function CardCode({ card }: { card: Card }) {
  const { code, secondsLeft } = useCardCode(card.cardNumber, card.secret, card.clockOffsetMs);
  const grouped = groupedCardCode(code);
  const firstCode = useRef(code);
  return (
    <section aria-labelledby="card-code" className="flex flex-col items-stretch gap-3">
      <h2 id="card-code" className="text-center text-sm text-ink-muted">
        {memberCardTexts.showAtCheckout}
      </h2>
      <Barcode code={code} label={memberCardTexts.barcodeLabel(grouped)} />
      <p className="text-center font-mono text-xl font-semibold tracking-wider text-ink tabular-nums">{grouped}</p>
      <QrCode code={code} label={memberCardTexts.qrLabel(grouped)} />
      <div aria-hidden="true" className="flex flex-col gap-1">
        <div className="h-1.5 overflow-hidden rounded-full bg-gray-200">
          {/* Scaled, not resized: a moving width is laid out again every frame the card is shown. */}
          <div
            className="h-full origin-left rounded-full bg-brand-600 transition-transform duration-1000 ease-linear"
            style={{ transform: `scaleX(${secondsLeft / CARD_STEP_SECONDS})` }}
          />
        </div>
        <p className="text-center text-sm text-ink-muted tabular-nums">{memberCardTexts.countdown(secondsLeft)}</p>
      </div>
      {/*
        Said once per new code, not every second: the countdown above is for the eyes. The words
        are the same for every code: a new node for each is what a screen reader hears as a change.
      */}
      <p role="status" className="sr-only">
        {code === firstCode.current ? null : <span key={code}>{memberCardTexts.renewed}</span>}
      </p>
    </section>
  );
}
