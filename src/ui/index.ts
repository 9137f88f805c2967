/** The design system: react-aria-components styled once. Import from here in screens. */
export { AlertProvider, useAlert } from './AlertProvider.tsx';
export { AriaRouterProvider } from './AriaRouterProvider.tsx';
export { Avatar, type AvatarProps } from './Avatar.tsx';
export { Badge, type BadgeProps } from './Badge.tsx';
export { Box, type BoxProps } from './Box.tsx';
export { Button, type ButtonProps, IconButton, type IconButtonProps } from './Button.tsx';
export { Card, type CardProps } from './Card.tsx';
export { Chip, type ChipProps, ToggleChip, type ToggleChipProps } from './Chip.tsx';
export { cx } from './cx.ts';
export { Modal, type ModalProps } from './Dialog.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { ExternalLinkButton } from './ExternalLinkButton.tsx';
export { Icon, type IconName, type IconProps, type IconSource } from './Icon.tsx';
export {
  AnchorButton,
  type AnchorButtonProps,
  IconLink,
  LinkButton,
  TextLink,
} from './LinkButton.tsx';
export { LoadProblem, type LoadProblemProps } from './LoadProblem.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { Skeleton, type SkeletonProps } from './Skeleton.tsx';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { Inline, Stack } from './Stack.tsx';
export { Switch, type SwitchProps } from './Switch.tsx';
export { TextField, type TextFieldProps } from './TextField.tsx';
export { type ToastMessage, ToastProvider, useToast } from './Toast.tsx';
