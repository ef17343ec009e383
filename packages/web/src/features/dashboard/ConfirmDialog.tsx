// The dialog is shared with /account (« Se déconnecter partout »): it lives in src/components.
export { ConfirmDialog } from '../../components/ConfirmDialog';
