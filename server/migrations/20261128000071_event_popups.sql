-- A popup may belong to an ecommerce event (`add_to_cart`, `purchase`, …): the event's answer
-- carries it, and it is not among the popups shown over pages.
ALTER TABLE popups ADD COLUMN event_name TEXT;
