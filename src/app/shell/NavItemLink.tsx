import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function NavLinkBase(props: NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

/** Mantine NavLink as a router link; TanStack sets aria-current="page" on the active one. */
export const NavItemLink = createLink(NavLinkBase);
