// Spec §2: "A user who is already signed in is redirected to / from these pages."
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../session';
import { MainLandmark } from '../ui/Landmarks';

export function PublicOnlyLayout() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (isAuthenticated) void navigate({ to: '/', replace: true });
  }, [isAuthenticated, navigate]);
  if (isAuthenticated) return null;
  // The public pages' <main> landmark (the skip link's target).
  return (
    <MainLandmark>
      <Outlet />
    </MainLandmark>
  );
}
