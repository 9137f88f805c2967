import { PRODUCT_NAME } from '../../domain/constants.ts';
import { cardDateLabel, cardPriceLabel } from '../../domain/eventDisplay.ts';
import { Badge, Button, Modal, Spinner, Stack } from '../../ui/index.ts';
import { EventPicture } from '../events/EventCard.tsx';
import * as styles from './home.css.ts';
import { ShakeActor } from './shakeActor.ts';

const SHAKE_RESULT_TITLE = `${PRODUCT_NAME} Found This!`;

/** The 1.5 s spinner and the result dialog of the shake flow (docs/product.md#spec-2-home, docs/product.md#spec-4). */
export function ShakeDialogs() {
  const shake = ShakeActor.useActorRef();
  const discovering = ShakeActor.useSelector((state) => state.matches('discovering'));
  const picked = ShakeActor.useSelector((state) =>
    state.matches('found') ? state.context.selected : null,
  );

  return (
    <>
      <Modal title="Shaking things up…" isOpen={discovering} isDismissable={false} hideClose>
        <div className={styles.spinnerBox} role="status">
          <Spinner size={48} />
          <p className={styles.spinnerText}>Finding something fun near you…</p>
        </div>
      </Modal>
      <Modal
        title={SHAKE_RESULT_TITLE}
        isOpen={picked !== null}
        onOpenChange={(open) => {
          if (!open) shake.send({ type: 'user.dismiss' });
        }}
      >
        {picked ? (
          <Stack space="2">
            <EventPicture
              event={picked}
              eager
              // The dialog is the screen's width on a phone, 480 px at most (dialog.css.ts).
              sizes="(min-width: 480px) 480px, 100vw"
              className={styles.resultImage}
            />
            <h3 className={styles.resultTitle}>{picked.title}</h3>
            <p className={styles.resultMeta}>{cardDateLabel(picked)}</p>
            {picked.venue ? <p className={styles.resultMeta}>{picked.venue}</p> : null}
            <p className={styles.resultMeta}>
              <strong>{cardPriceLabel(picked.price)}</strong>
              {picked.isFamilyFriendly ? <Badge tone="family">Family Safe</Badge> : null}
            </p>
            <div className={styles.resultActions}>
              <Button variant="outline" onPress={() => shake.send({ type: 'user.tryAgain' })}>
                Try Again
              </Button>
              <Button onPress={() => shake.send({ type: 'user.letsGo' })}>Let's Go!</Button>
            </div>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
