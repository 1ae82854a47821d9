import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../components/button';
import { memberCardTexts } from '../../i18n/zh-TW/member-card';
import { profileTexts } from '../../i18n/zh-TW/profile';

/** Under the details: the member card, the way to the password change, and signing out. */
export function AccountActions({ onSignOut }: { onSignOut: () => void }) {
  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 pt-6">
      <Link to="/member_card" className={buttonClass('secondary')}>
        {memberCardTexts.open}
      </Link>
      <Link to="/change_pwd" className={buttonClass('secondary')}>
        {profileTexts.changePassword}
      </Link>
      <Button variant="secondary" onClick={onSignOut}>
        {profileTexts.signOut}
      </Button>
    </div>
  );
}
