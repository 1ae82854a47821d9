import type { CouponReward, PointReward } from '../api/rewards';
import { rewardsTexts } from '../i18n/zh-TW/rewards';

interface RewardListProps {
  coupons: readonly CouponReward[];
  points: readonly PointReward[];
}

const cardClass = 'flex gap-3 rounded-2xl border border-gray-200 bg-white p-3 text-left shadow-sm';

/** Coupon and points rewards as cards: picture, title, and what the member gets. */
export function RewardList({ coupons, points }: RewardListProps) {
  if (coupons.length === 0 && points.length === 0) return <p className="text-ink-muted">{rewardsTexts.empty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {coupons.map((coupon) => (
        <li key={`coupon-${coupon.coupon_id}`} className={cardClass}>
          <RewardImage src={coupon.feature_image} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="w-fit rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              {rewardsTexts.coupon}
            </span>
            <span className="font-semibold text-ink">{coupon.title}</span>
            <span className="text-sm text-ink-muted">
              {rewardsTexts.couponCount(coupon.total)}・{rewardsTexts.couponValid(coupon.duration)}
            </span>
            {coupon.brands.length > 0 ? (
              <span className="flex flex-wrap items-center gap-1.5 text-sm text-ink-muted">
                {rewardsTexts.brands}
                {coupon.brands.map((brand) => (
                  <span key={brand.brand_id} className="inline-flex items-center gap-1">
                    <img src={brand.feature_image_small} alt="" className="size-5 rounded-full object-cover" />
                    {brand.title}
                  </span>
                ))}
              </span>
            ) : null}
          </div>
        </li>
      ))}
      {points.map((point) => (
        <li key={`point-${point.point_id}-${point.amount}`} className={cardClass}>
          <RewardImage src={point.feature_image} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
              {rewardsTexts.point}
            </span>
            <span className="font-semibold text-ink">{point.title}</span>
            <span className="text-sm text-ink">{rewardsTexts.points(point.amount)}</span>
            {point.point_circulate_end_datetime ? (
              <span className="text-sm text-ink-muted">
                {rewardsTexts.pointsExpire(point.point_circulate_end_datetime.slice(0, 10))}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function RewardImage({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      width={64}
      height={64}
      className="size-16 shrink-0 rounded-xl bg-brand-50 object-contain"
    />
  );
}
