import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { Button } from '../../components/button';
import { linkClass } from '../../components/link-class';
import { ProfileDetailsFields } from '../../components/profile-details-fields';
import { TextField } from '../../components/text-field';
import { registerTexts } from '../../i18n/zh-TW/register';
import { fieldMessages } from '../../lib/form-errors';
import { useForm } from '../../lib/use-form';
import { type RegisterTwoDraft, saveStepTwo, stepTwoDraft } from './drafts';
import { type StepTwoValues, stepTwoSchema } from './form-schemas';

interface StepTwoFormProps {
  /** A call is running: the buttons wait. */
  busy: boolean;
  onSubmit: (values: StepTwoValues) => void;
  /** Skipped: the optional details stay out; the invite code in the box (maybe empty) goes along. */
  onSkip: (referrerCode: string) => void;
}

const resolver = valibotResolver(stepTwoSchema) as unknown as Resolver<RegisterTwoDraft, unknown, StepTwoValues>;

/**
 * Invite code, gender, email and birthday; kept in session storage as they are entered. What a link's
 * CRM data told is already in the draft, and the member's to change (decision 0027).
 */
export function StepTwoForm({ busy, onSubmit, onSkip }: StepTwoFormProps) {
  const [draft] = useState(stepTwoDraft);
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    watch,
    formState: { errors },
  } = useForm<RegisterTwoDraft, unknown, StepTwoValues>({
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: draft,
  });

  useEffect(() => {
    const subscription = watch((values) => saveStepTwo(values));
    return () => subscription.unsubscribe();
  }, [watch]);

  // A code the register button would refuse as wrongly formed is refused the same way here, and sends nothing.
  async function skip() {
    const code = v.safeParse(stepTwoSchema.entries.referrer_code, getValues('referrer_code'));
    if (code.success) return onSkip(code.output);
    await trigger('referrer_code', { shouldFocus: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <TextField
          label={registerTexts.inviteCodeLabel}
          placeholder={registerTexts.inviteCodePlaceholder}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          errors={fieldMessages(errors.referrer_code)}
          {...register('referrer_code')}
        />
        <Link to="/recommend" className={`self-end text-sm ${linkClass}`}>
          {registerTexts.recommendLink}
        </Link>
      </div>
      <ProfileDetailsFields
        text={registerTexts}
        gender={register('gender')}
        email={register('email')}
        birthday={register('birthday')}
        errors={errors}
      />
      <Button type="submit" className="mt-2" disabled={busy}>
        {registerTexts.submit}
      </Button>
      <Button variant="secondary" onClick={() => void skip()} disabled={busy}>
        {registerTexts.skip}
      </Button>
    </form>
  );
}
