import { Badge, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { isBillingComplete } from '@murmur/core/billing';
import { COUNTRIES, countryByCode, normaliseCountry } from '@murmur/core/countries';
import type { FormRules } from '@murmur/core/validation';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormValidator } from '@/hooks/use-form-validator';
import { useLanguage } from '@/hooks/use-language';
import { errorText, fieldError } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useUpdateTeam } from '../api/update-team';

export interface BillingFormProps {
  team: Team;
  canEdit: boolean;
}

interface BillingValues {
  invoice_email: string;
  country: string | null;
  invoice_name: string;
}

const valuesOf = (team: Team): BillingValues => ({
  invoice_email: team.invoice_email ?? '',
  // Older records may hold a name rather than a code.
  country: team.country === null ? null : (normaliseCountry(team.country)?.code ?? null),
  invoice_name: team.invoice_name ?? '',
});

/** Billing details (invoice email, country, invoice name) with the SPEC §6 completeness badge. */
export function BillingForm({ team, canEdit }: BillingFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const update = useUpdateTeam(team.slug);
  const [values, setValues] = useState<BillingValues>(() => valuesOf(team));
  const [errors, setErrors] = useState<Partial<Record<keyof BillingValues | 'form', string>>>({});
  const complete = isBillingComplete(team);
  const rules = useMemo(
    (): FormRules<BillingValues> => ({
      invoice_email: { email: true, max: 255, label: t('teams.billing.invoiceEmail') },
      invoice_name: { max: 201, label: t('teams.billing.invoiceName') },
    }),
    [t],
  );
  const validator = useFormValidator(rules);

  const countries = useMemo(
    () =>
      COUNTRIES.map((country) => ({
        value: country.code,
        label: language === 'ja' ? country.nameJa : country.name,
        disabled: !country.selectable,
      })).sort((a, b) => a.label.localeCompare(b.label, language)),
    [language],
  );

  const countryName = (code: string | null): string => {
    const country = code === null ? undefined : countryByCode(code);
    if (country === undefined) return '—';
    return language === 'ja' ? country.nameJa : country.name;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = values.invoice_email.trim();
    // SPEC §5 generic form validator: "Invoice email is not valid".
    if (!(await validator.validate({ ...values, invoice_email: email }))) {
      setErrors({});
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({
        invoice_email: email,
        country: values.country,
        invoice_name: values.invoice_name.trim(),
      });
      notify.success(t('teams.billing.saved'));
    } catch (failure) {
      setErrors({
        invoice_email: fieldError(failure, 'invoice_email') ?? undefined,
        country: fieldError(failure, 'country') ?? undefined,
        invoice_name: fieldError(failure, 'invoice_name') ?? undefined,
        form: errorText(failure, t),
      });
    }
  };

  const badge = (
    <Badge color={complete ? 'teal' : 'orange'} variant="light">
      {complete ? t('teams.billing.complete') : t('teams.billing.incomplete')}
    </Badge>
  );

  if (!canEdit) {
    return (
      <Stack gap="xs">
        {badge}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ReadOnly label={t('teams.billing.invoiceEmail')} value={team.invoice_email ?? '—'} />
          <ReadOnly label={t('teams.billing.country')} value={countryName(valuesOf(team).country)} />
          <ReadOnly label={t('teams.billing.invoiceName')} value={team.invoice_name ?? '—'} />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Group gap="xs">
          {badge}
          {!complete && (
            <Text size="sm" c="dimmed">
              {t('teams.billing.incompleteHint')}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('teams.billing.invoiceEmail')}
            type="email"
            value={values.invoice_email}
            onChange={(event) => {
              const next = { ...values, invoice_email: event.currentTarget.value };
              setValues(next);
              validator.changed(next);
            }}
            error={validator.errors.invoice_email ?? errors.invoice_email}
          />
          <Select
            label={t('teams.billing.country')}
            placeholder={t('teams.billing.countryPlaceholder')}
            data={countries}
            searchable
            clearable
            nothingFoundMessage={t('table.noResults')}
            value={values.country}
            onChange={(country) => setValues({ ...values, country })}
            error={errors.country}
          />
          <TextInput
            label={t('teams.billing.invoiceName')}
            value={values.invoice_name}
            onChange={(event) => {
              const next = { ...values, invoice_name: event.currentTarget.value };
              setValues(next);
              validator.changed(next);
            }}
            error={validator.errors.invoice_name ?? errors.invoice_name}
            maxLength={200}
          />
        </SimpleGrid>
        {errors.form !== undefined && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('teams.billing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ReadOnlyProps {
  label: string;
  value: string;
}

function ReadOnly({ label, value }: ReadOnlyProps) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
