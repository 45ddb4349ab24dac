/**
 * Registers react-router's navigate and react-admin's notify with providers/bridge.ts while mounted.
 * Rendered by the main layout and by the screens outside it (login, 401, 404).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { setNavigator, setNotifier } from './bridge';

export const AppBridge = () => {
  const navigate = useNavigate();
  const raNotify = useNotify();
  useEffect(() => {
    setNavigator(path => navigate(path));
    setNotifier((message, type = 'error') => raNotify(message, { type }));
  }, [navigate, raNotify]);
  return null;
};
