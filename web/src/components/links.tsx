import { Anchor, type AnchorProps, Button, type ButtonProps, NavLink, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

// Mantine's look with the router's typed `to` and `params`: a renamed route or a missing param fails the type check.
const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & React.ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & React.ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkProps & React.ComponentPropsWithoutRef<'a'>>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));

export const AnchorLink = createLink(AnchorBase);
export const ButtonLink = createLink(ButtonBase);
export const NavLinkLink = createLink(NavLinkBase);
