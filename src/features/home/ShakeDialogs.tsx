import { PRODUCT_NAME } from '../../domain/constants.ts';
import { cardDateLabel, cardPriceLabel } from '../../domain/eventDisplay.ts';
import { Badge, Button, Modal, Spinner, Stack } from '../../ui/index.ts';
import { familySafeLabel } from '../events/cardLabels.ts';
import { EventPicture } from '../events/EventCard.tsx';
import * as styles from './home.css.ts';
import { i18n } from './messages.ts';
import { ShakeActor } from './shakeActor.ts';

/** The 1.5 s spinner and the result dialog of the shake flow (docs/product.md#spec-2-home, docs/product.md#spec-4). */
export function ShakeDialogs() {
  const shake = ShakeActor.useActorRef();
  const discovering = ShakeActor.useSelector((state) => state.matches('discovering'));
  const picked = ShakeActor.useSelector((state) =>
    state.matches('found') ? state.context.selected : null,
  );

  return (
    <>
      <Modal
        title={i18n.t('home.shake.spinnerTitle')}
        isOpen={discovering}
        isDismissable={false}
        hideClose
      >
        <div className={styles.spinnerBox} role="status">
          <Spinner size={48} />
          <p className={styles.spinnerText}>{i18n.t('home.shake.spinnerText')}</p>
        </div>
      </Modal>
      <Modal
        title={i18n.t('home.shake.resultTitle', { product: PRODUCT_NAME })}
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
              {picked.isFamilyFriendly ? <Badge tone="family">{familySafeLabel()}</Badge> : null}
            </p>
            <div className={styles.resultActions}>
              <Button variant="outline" onPress={() => shake.send({ type: 'user.tryAgain' })}>
                {i18n.t('home.shake.tryAgain')}
              </Button>
              <Button onPress={() => shake.send({ type: 'user.letsGo' })}>
                {i18n.t('home.shake.letsGo')}
              </Button>
            </div>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
