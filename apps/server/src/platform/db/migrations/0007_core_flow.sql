-- Reserved for this capability's tables (replace this placeholder).
SELECT 1;
