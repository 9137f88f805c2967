import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
import type { AddSourceBody } from '../../../contract/operator.ts';
import type { SourceSummary } from '../../../contract/sources.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { addSource, sourcesQueryKey } from '../../api/operator.ts';
import * as fieldStyles from '../../ui/field.css.ts';
import { Button, Icon, Inline, TextField, useToast } from '../../ui/index.ts';
import { chipRecipe } from '../../ui/surfaces.css.ts';
import { i18n } from './messages.ts';
import * as styles from './operator.css.ts';

type Kind = SourceSummary['kind'];

const kindLabels: Record<Kind, () => string> = {
  ical: () => i18n.t('operator.kind.ical'),
  jsonld: () => i18n.t('operator.kind.jsonld'),
  ticketmaster: () => i18n.t('operator.kind.ticketmaster'),
};

/** What a source reads, in the language in use. */
export function kindLabel(kind: Kind): string {
  return kindLabels[kind]();
}

const kinds = Object.keys(kindLabels) as Kind[];

/** What the address field is called and shows as an example, per kind (addresses are no words). */
function targetWords(kind: Kind): { label: string; placeholder: string; description?: string } {
  switch (kind) {
    case 'ical':
      return {
        label: i18n.t('operator.add.feedUrl'),
        placeholder: 'https://library.example/events.ics',
      };
    case 'jsonld':
      return { label: i18n.t('operator.add.pageUrl'), placeholder: 'https://parks.example/events' };
    case 'ticketmaster':
      return {
        label: i18n.t('operator.add.ticketmasterQuery'),
        placeholder: 'city=Oakland&stateCode=CA',
        description: i18n.t('operator.add.ticketmasterQueryHelp'),
      };
  }
}

/**
 * The intervals an operator usually wants; the CLI takes any from 5m to 1w. An hour is the
 * shortest offered here: polling a venue's calendar more often only costs them.
 */
const intervalChoices = () =>
  [
    { id: '1h', label: i18n.t('operator.add.everyHour') },
    { id: '6h', label: i18n.t('operator.add.everyHours', { hours: 6 }) },
    { id: '12h', label: i18n.t('operator.add.everyHours', { hours: 12 }) },
    { id: '1d', label: i18n.t('operator.add.onceADay') },
    { id: '1w', label: i18n.t('operator.add.onceAWeek') },
  ] as const;

/**
 * 'Add a source' on the operator screen: what `npm run sources -- add` takes, minus
 * --allow-private-network, which stays with the CLI (docs/sources.md). The server checks every
 * field and answers in words; those words are shown under the form as they come.
 */
export function AddSourceForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const [kind, setKind] = useState<Kind>('ical');
  const [target, setTarget] = useState('');
  const [name, setName] = useState('');
  const [every, setEvery] = useState<string>('6h');
  const [town, setTown] = useState('');
  const [missing, setMissing] = useState<{ target?: boolean; name?: boolean }>({});
  const add = useMutation({
    mutationFn: (body: AddSourceBody) => addSource(body),
    onSuccess: async (added) => {
      toast({ title: i18n.t('operator.add.added', { name: added.name }) });
      setTarget('');
      setName('');
      setTown('');
      await queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
  const words = targetWords(kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nowMissing = { target: target.trim() === '', name: name.trim() === '' };
    setMissing(nowMissing);
    if (nowMissing.target || nowMissing.name) return;
    add.mutate({
      kind,
      url: target.trim(),
      name: name.trim(),
      every,
      ...(town.trim() === '' ? {} : { location: town.trim() }),
    });
  };

  return (
    <form className={styles.addForm} aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h3 id={headingId} className={styles.cardTitle}>
        {i18n.t('operator.add.title')}
      </h3>
      <RadioGroup
        className={styles.radioGroup}
        value={kind}
        onChange={(value) => setKind(value as Kind)}
      >
        <Label className={fieldStyles.label}>{i18n.t('operator.add.kind')}</Label>
        <Inline space="2">
          {kinds.map((id) => (
            <Radio key={id} value={id} className={chipRecipe({ compact: true })}>
              {kindLabel(id)}
            </Radio>
          ))}
        </Inline>
      </RadioGroup>
      <TextField
        label={words.label}
        placeholder={words.placeholder}
        {...(words.description ? { description: words.description } : {})}
        // Text with a URL keyboard, not type="url": the browser's own 'Please enter a URL.' would
        // come on top of the server's sentence, which says what is wrong in the CLI's words.
        inputMode={kind === 'ticketmaster' ? 'text' : 'url'}
        spellCheck="false"
        value={target}
        onChange={(text) => {
          setTarget(text);
          setMissing((was) => ({ ...was, target: false }));
        }}
        isRequired
        maxLength={2048}
        errorMessage={
          missing.target
            ? kind === 'ticketmaster'
              ? i18n.t('operator.add.queryMissing')
              : i18n.t('operator.add.urlMissing')
            : undefined
        }
      />
      <TextField
        label={i18n.t('operator.add.name')}
        placeholder={i18n.t('operator.add.namePlaceholder')}
        value={name}
        onChange={(text) => {
          setName(text);
          setMissing((was) => ({ ...was, name: false }));
        }}
        isRequired
        maxLength={120}
        errorMessage={missing.name ? i18n.t('operator.add.nameMissing') : undefined}
      />
      <Select
        className={fieldStyles.field}
        value={every}
        onChange={(key) => {
          if (key !== null) setEvery(String(key));
        }}
      >
        <Label className={fieldStyles.label}>{i18n.t('operator.add.every')}</Label>
        <AriaButton className={styles.selectButton}>
          <SelectValue />
          <Icon name="chevronDown" size={20} />
        </AriaButton>
        <Popover className={styles.selectPopover} offset={6}>
          <ListBox className={styles.selectList}>
            {intervalChoices().map((choice) => (
              <ListBoxItem key={choice.id} id={choice.id} className={styles.selectItem}>
                {choice.label}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <TextField
        label={i18n.t('operator.add.town')}
        description={i18n.t('operator.add.townHelp')}
        placeholder={i18n.t('operator.add.townPlaceholder')}
        value={town}
        onChange={setTown}
        maxLength={200}
      />
      {add.isError ? (
        <p className={styles.problem} role="alert">
          {i18n.t('operator.add.failed', { reason: apiErrorMessage(add.error) })}
        </p>
      ) : null}
      <Button type="submit" isPending={add.isPending}>
        {i18n.t('operator.add.submit')}
      </Button>
    </form>
  );
}
