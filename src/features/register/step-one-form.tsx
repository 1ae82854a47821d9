import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Term } from '#protocol/endpoints';
import { Button } from '../../components/button';
import { MobileField } from '../../components/mobile-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { TextField } from '../../components/text-field';
import { registerTexts } from '../../i18n/zh-TW/register';
import { fieldMessages } from '../../lib/form-errors';
import { useCarriedMobile } from '../../lib/mobile-number';
import { useForm } from '../../lib/use-form';
import { useRecheckWhenChanged } from '../../lib/use-recheck';
import { registerTermsQueryOptions } from './api';
import { saveStepOne, stepOneDraft } from './drafts';
import { type StepOneValues, stepOneSchema } from './form-schemas';
import { TermList } from './term-list';

/**
 * Mobile, name, password twice and the terms. Values are kept in session storage as they are typed.
 * The member goes on only when every field passes and every term is agreed; the next button stays
 * pressable and, when something is missing, says what next to it and moves focus there (decision 0009).
 */
export function StepOneForm({ onNext, busy }: { onNext: (values: StepOneValues) => void; busy: boolean }) {
  const [draft] = useState(stepOneDraft);
  // A mobile brought from forgotten password (one that is no member's) is the one to register.
  const carriedMobile = useCarriedMobile();
  const [agreed, setAgreed] = useState<ReadonlySet<string>>(() => new Set(draft.agreed_terms));
  const [triedToGoOn, setTriedToGoOn] = useState(false);
  const firstUnagreed = useRef<HTMLInputElement>(null);
  const termGroup = useRef<HTMLFieldSetElement>(null);
  const { data: terms } = useQuery(registerTermsQueryOptions());
  const form = useForm<StepOneValues>({
    resolver: valibotResolver(stepOneSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      mobile: carriedMobile || draft.mobile,
      name: draft.name,
      password: draft.password,
      confirm: draft.confirm,
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;

  useEffect(() => {
    const subscription = watch((values) => saveStepOne(values));
    return () => subscription.unsubscribe();
  }, [watch]);

  useRecheckWhenChanged(form, 'password', 'confirm');

  function agree(term: Term) {
    const next = new Set(agreed).add(term.id);
    setAgreed(next);
    saveStepOne({ agreed_terms: [...next] });
  }

  // Terms still loading, or not loaded, are terms not agreed yet.
  const allAgreed = terms?.ok === true && terms.value.every((term) => agreed.has(term.id));

  function goOn(values: StepOneValues) {
    if (!allAgreed) {
      // The message is on the screen before the focus moves, so a screen reader says it with the term.
      flushSync(() => setTriedToGoOn(true));
      // While the terms load (or after they failed) there is no checkbox yet: the terms' group takes focus.
      return (firstUnagreed.current ?? termGroup.current)?.focus();
    }
    setTriedToGoOn(true);
    // Step 2 registers the kept step 1: it must be what was shown and checked here. A mobile carried
    // from another screen is shown without being typed, so no edit has kept it yet.
    saveStepOne(values);
    onNext(values);
  }

  return (
    <form noValidate onSubmit={handleSubmit(goOn, () => setTriedToGoOn(true))} className="flex flex-col gap-4">
      <MobileField
        label={registerTexts.mobileLabel}
        placeholder={registerTexts.mobilePlaceholder}
        errors={fieldMessages(errors.mobile)}
        {...register('mobile')}
      />
      <TextField
        label={registerTexts.nameLabel}
        placeholder={registerTexts.namePlaceholder}
        autoComplete="name"
        errors={fieldMessages(errors.name)}
        {...register('name')}
      />
      <NewPasswordFields
        text={registerTexts}
        password={register('password')}
        confirm={register('confirm')}
        errors={errors}
      />
      <TermList
        agreed={agreed}
        onAgree={agree}
        error={triedToGoOn && !allAgreed ? registerTexts.termsRequired : null}
        firstUnagreedRef={firstUnagreed}
        groupRef={termGroup}
      />
      <Button type="submit" className="mt-2" disabled={busy}>
        {registerTexts.next}
      </Button>
    </form>
  );
}
