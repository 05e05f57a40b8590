"""Codes of games with secret missions (the option ``secret-missions``), frozen: every later version must still
load them. Never edit or regenerate an entry. Each is (name, kind, code, expected): ``expected`` is what the
decoded state holds (phase, player to move, turn, winner, each seat's mission, armies on the board, and for a
replay its number of actions). Seats of the codes are ``SEATS[:people]``."""

SEATS = (('Zoë', 0, 'human'),
 ('Łukasz', 1, 'easy'),
 ('李雷', 2, 'normal'),
 ("Ann-Marie O'Neil", 5, 'hard'),
 ('bot 5', 4, 'random'))

FIXTURES = [
    (
        'four-players-mid-game',
        'game',
        'BAygGSunLOudp4saCCMbykPnfS09m0YVAud8A013JsXU0ZORrUwClSAAQ6DOrtgpGMOD0m6gZL18TTUVr_hMVgg61SlrrZxfA6-G'
        'xqgc9xIvrfst1AYVw6boLzqJClcCm0M76slJ',
        {'armies': 97, 'current': 1, 'missions': [2, 6, 11, 10], 'phase': 'reinforce', 'turn': 4, 'winner': -1},
    ),
    (
        'two-players-neutral-setup',
        'game',
        'BAygaKHXozbD1aiE63UGASko-WfmCQa1VloECQsFOo4_YNZ6vck3UgH7cr7aD7UHLNnHhA',
        {'armies': 87, 'current': 0, 'missions': [7, 9, -1], 'phase': 'setup', 'turn': 0, 'winner': -1},
    ),
    (
        '1963-headquarters-won-by-mission',
        'game',
        'BE4iVYWcYUm_lWJFIR0wA1VVF5yOxz0ltnI-SXHwR8uIRrTmmUJu1V_0uGlHJR26_Cr6A_rmzWeBN15kjlUm0nK1EU99V780hU5O'
        'R_lnC_f38qg',
        {'armies': 90, 'current': 2, 'missions': [13, 6, 8], 'phase': 'over', 'turn': 25, 'winner': 2},
    ),
    (
        'five-players-replay-won-by-fallen-back-mission',
        'replay',
        'BiksIEpM745GUxti38tPZ6WheEqdx0-DSy5cSiBRW0heq7eDgaf9I0Z4EosBLxkcZjLxYfuvzV9vbkrpD9p1IScN4bxOntSPZnrN'
        'CF_wqwn-G_VYg6BP0xSktG86ZALCRxa32tzuNHuVAYCBreN4xfE24IUANVfS_OjrqVkW5gL9dmRhmRYSZ6u7duZu6PBuoOQ9Gh_W'
        'l2JvHJaKrtAg-lsE1AZY6s9HMeKmJ5o2iL31k85WdJ4QAq0BJUiBBkIUMlEo5_d5WXeaBBdSQ4kWdbbcoEfTBWHMO1Gw471Gaw56'
        'i4LeWJrW3BPkLRzpdKtar5GTkxCIYboKBAexpXfqS3DndlTill-mFaZorBLd9aHrgqLTcYA1yDyhFxP5ccWdEwAtoVtN3n4MtSob'
        'RrR7oLgqnsNCuGKHiqpMSrEev1NqBp0i6hrdliqg-j_loB5AKeaCjYBd3DgIcSLYPmizWqpwgUjFNBykApgOpr57sHgIZIaaLfKC'
        'RfMQkMyB78l5VEPqISs20of7CbKcbGeTph8j8QiaMHfEG9MEr-fSYp3DGwtHjWdU0J7gg5TXs_PZ_xyUoLu4QyFzH0rCYsrLY6Th'
        '5HcFkYBvtBxYOPrXSXj_ptDRGkuM0OGdYYbXL-MQ8O2HrFxTy0Vi0F2nfaHVY6bl5_tB4MTtifBus9cXROVfRgQyygjn4LZdKBjp'
        'hggxrWs7nGUX5WzpPQ9HtkSIzS2kTp3wYcYYA5d5YtFOBObwUHAQHlGBdtUoL3bFeF4r4IUDgFZFbZ5GowscCuwtPMyaR3P-XXJF'
        'MwfSiSHprmmA2hRfT-h-aXqCmc19KTvIC1FucjXgzxDuuuGaiw1X6wP9jUQ5EQsMwmLApEPcAQmZgYPvfFuir-ij_hZpSGMP_1TM'
        'wZHJ_V_h2TZXTyUQpQ6MUIkbGj_H5h47L-nQH0DEmNkpdHNUmGT_vTGBdT28NSG2lE-Z1u-Pe4S5c25IdhPoTnSlRIXWFsGbE6N6'
        '83hjcI9MczBL9AbI6ix1LHQbP5fYSmF4FhoalAjBl4bCodyaL-O0TwHFh5YWwwcY--4E5xN6olQMms9r6VuEXJDso0B4uBg5DSfm'
        'O3OXyGeq9bB2cnmO8_ouOf-x7_70RI8KgnZ6TxEelZP4uCltFqhDTz_GY5ZiaTJC3irzASDtyhX-f2uEhEYx5L72lOq_iOXIY2sC'
        'qXNAxZs56pwqroDBW6HBpIQZlLIcIfSmmXwg2RbIXjZOGnWGR9CXsdttIGl3eYOY_SP7HmVvBczFQUprEHYLtmvyFaHD3rkdbkyw'
        'D9VkM429-N-A1Lxq8i3Irjkotl95DE5jBiMUWCMSg3Pag-Zn3KURhuStH9DFl0kQtBZD6M1mkt3YoxRZ4ttYETAnzY8vvr2Vu1rp'
        'U7oE4MLes3gzS5xEDRLellydxMRmueJL6CpcLqZ3NY0OJ3WH6A_xGCkFvJdlVIiMseNHwD0RxLDE3QANSKXBYSYYtZC4KekBpGq_'
        'sIp41okNEchGAB9W5Rh8lNUbar2pbIDo6Fo52kdLrkuySZ4kmKBgkUt3J2WDlge4VM74k42pvIT-fjcdpjREBO10Gf4j5Xi1xnZb'
        'OfKm8n78NtBRFhTHop6cA8_GuGeA9dSMeEc0GWzqVnFXRKb7kGc36BO0cm11eEgNNDs-fbpRNtOShLj5gIMjOS0blT_92LU5kRG4'
        '_hPLPYHDJcclHGhCzjSseCbM3GcfJ8LqcBxA9TZ_S7ev9HXonF5dx7qlxII1fgovivWuDOzUymm1LPd-YJ82uel1ig_kauIaunFw'
        'ogj49gKMAgJP9kEcRMXMMdy0l-Ytlk3PeiDlsmH2oKVH504q28m3RW1WLGHwiNmgFhtUumhWeFW_oTCOPdlrfrsaCybagXaxUuOg'
        '3hLi7etKvj2cpW74rEXT52xmA_MoytliDImEROm4-BZED3GjfvdZz1ASKXL1QEtuBancPPZ_15n_kMrdKSkJoAWIZYHWhkkhtjAx'
        'qi_moi-1bSeoFTwoKSKQGkl1HCCgXMped9N_Xeamh651HraaskwNKdBaB5DuYfuo_FUr9gl6y94WbQqZM7w8q4cLe3Z_j2dtRP-H'
        'I49bTQ5J8i4evdLX_qzkuxZ2b0bVuWqIKWiWL1MhHXfM-koJ6VbKSAMU-LbAlHe9bRaMAodyDyco7DLsDuidHH-qwNXKDJp-obOv'
        'CRybsoj04EXYX2YPFWskX-izNF_aX-42IGGuOQIPs2Ke7YqDcu8G1x53nlxtapiICNtwv646EDfbiqoeuKPbP7H4SRQT7VlmbKyJ'
        'LGNWHZvjLTV2PaKKfD1SjnhA2LY2HN5fh72bV1BXC5UOHpK0w5-76TL_A60Lw6EafasnEFdYKU0D3XEpVIkrxc0sOQ-Es1bgHCO0'
        'Y0P-UCEMgoPJEJ6h33aw8CPuXMmPt06IpWwYTKbAFyx0h_fb7NKrMoNPun7QF9mHtr_u8mNYkZAATJJMMy4j1fobFvCxguf-e4fV'
        'LWpGZOVJ6Tokp8DnQfEBW8LpWgLxAUjngjx4Zls4IBqPXBRPX8Aqna4ouPRuVAYL3e9VDijoIL3sfFrI9CBEqH85esmSv9ZaoKus'
        'OValQNiNyN-A8yBB278alVK6O5b3zve7GGGv3XTvOyKgGUmmTdVWIkc1s512wgRHGqgO1D0WDC0GmYEBfprWI-IjTWdhusYzhf0J'
        'v6TxIVhe2fg2xvZ4ri9YEhPOWE-6hX7KBcywzadGgpCJIGN_qmg7EzeqYN4JAUKTBN3l6eWh4va0f4rwnkoyJHzB66nhZYU4ob86'
        'FZ3aNWcLX5cykpnbhuBpU4ObYD-CqrAtos_SC7o_J2xRNof5nmznASB1S5TuXp2kfC7_GjwrihoZQDhu4uFkB4_grm86SSpkDG1Z'
        'dOlc9qaK_VgYBGk-S0XUw57Uxo4mE6dRseqLhxazNaWziPJjakrZXky-1Y63qOUFN9vh5RTD-6oO2KsQ4MqruJw9AlzQX_rC8Sie'
        'E9n938liMbtdbOkpqaHyA8gPry9KgZ722o8SzmJvu8u1r4gFeUw_v8x87ckNIWx1yQETo1HK5aOd9gLUjrs6KWIXzAeshyJwG_Bd'
        'l8TUbu5dmXrbueTnnol1X31DmvkwDXf4dub6fPcqdaU0pHYVGZYHA7pb3P7T_Y8Cg_wwwCMEYK8cQ_jEk9DKg8-DcvGqw3fxxPN4'
        'OSw1uRe8OhQ8hWhRt992sPiQKJklzUkNqCUu1njaC40BHvhni-8OJG9aSos4cWdAE_Kuh7LxL3Q468oOAjxxNxVc8s7uTaJNRu68'
        'FhwLOqvMlSzsBTB59pJB_liqv4e854RiHua7uMiSMSCLDtZ9IcK3Ae_NxxP40CdcZILV0oQN0h9ES-MS0-zWU9uHviUcerGGssxB'
        'xScENmG1R6VyqFrUh4XOgHvNuPxn85iQa_27UgSACtaQh5mA7VG7VklusNofOCS-3UCGLc94brYDh370WRayivHmeSwYJyjZZNHh'
        '5AhoEpiW3mKPDb3yuMVlydbrQJUCS6qFnMFnUXzi-Qs75jyWIND8sXbpSosL5HeJ9NKUHtLeZA39dnNpsLEge253bBUUJ3uwqluq'
        'nq2SXkI2f_3zaxTm51cUVkGYtxCoYZyBONkks-kTinyCX1QpjjZWHrp3_CQhHpbodPZpa6PcixZOAVVKX2AE8yiFwffNO2NqzeA7'
        'QkKDROO9ZPw4vQsl9eY5bAVwVTXczt56gmHzCNWjKVA-AjpGsoDUYkBaghbycECfjT259SNDhqRqtszzpZ6ireyLhL8-SvDyy8eL'
        'A-o2XWax2i9WP-aOYv6Aj4M1cBKnL58eQGSxO3OtoRgkeDSDdLabUFoH3_KaQ1HcDG3IFjklp2a5LCHekTactq0rkllEjm4vApIC'
        'UTar6r6NgxhVkG6CtqLOk8dbZy9eearHMqORm8jVAG_uXskDmcSeBkBDI43JGV9a2skp7-UaL0kBgG3HhF0bE8RQlaKPnWMan9gi'
        '6cKcaMDg70suPjeH7NK7krdEYup5vfLZOq4-s2YIXIaBKiTy2tZttdaQ5y1k7Ilf_V3mZ_jkYSG8xQu-n8IZzUaEKvKuSmTJUY4g'
        'srW3H_jrBWD_v7PSVk4_oo4k0C_pxidfyhDMHc9CCQNMflmhbjOTBR7ENrDsrOif8PKWIKiL9UeK7yTfGrGa0bYWzokrIywkbPzu'
        'tRe2F5IB1VDyTQWHLskCc4bpfiRtgbr5fZqLvUYaxO3Gu9BFW1ftloxfGJWQlP8XAaQCAft-4M26XxlNV0e0-lYvVRqDZ9ZVTQn8'
        'u-D0XFm_cgphyfYWxCTqelXGgweGkZrKOTMn3JB9aGUcwy8vL8Pn43OAQbv_oAdXHGBzFGTsRIcPCLCEH44nSWykBuNyFeZvbapi'
        'FsGt6BQY0Ewy4aC0GCDryKrkxXgLwKXAEPNh05cz4Eg-2t8WgHQpnVGl_tZypJSV2fq0rc4SyrkZvWIU6VoRnAIp_LEpn2Yx47jo'
        'abvYhjCMhWjHYdkU7FyEzgkZccpUInE45tv1tB3GceZyZYIc8kgQD6PB8VYjJWJAg7Nydc0t_T7NagIky2pFwPSiec1JXb8bwemo'
        '1SXdzcCzSbGEYlbb-V0N4Ml3axLpAK9GfAR02eon3mCkKKMpPCcmTq0lJPoBQtjP5ue0wqUWRZl7vuBDRtTc5PqfrtL0cNYBTwoJ'
        'OUtHCS-cPDrnIyEzSn4_mvj5voSjry_A3NXV9OXFZoYEEn33HPrZNJ5dnMZGfsU3pwi8zTwioh0EFYaCh3kQ4X3s0TurUzmJ9kk5'
        'CJf1Oo82F79pZb7D0QA0LAFW_JCS9xuUU1YDsnI0F2nrPhCnvJFEvVTQs6bo1acBC58Vk8_YnVTw1RXG16rv00rNF819i0nmgOvj'
        'XHhPc7hTxRFOiOEql8mQD7NkD6fkowmn0tKRFVoGneU1tewWBMD-RXNvZ4eoixy5evcgXY1bcKqKEg9F6UyyihwWMclZAYoCq37n'
        'q2KwmW9DDD212JzoA-N_X3p4HZ-q-V4pQlqsSdEWtREkap4MxordDlxSQvZWP7PgXSxf8vu2JtkFYrb4G79qdDGloHV9puAqjxq5'
        'TC9vyrfRlrcot3Xg9KeuuXUQFnH6vrosCNFuYe7gGWr1FXIdhZds_KlB810Um9zupStwGlw3qHdQkhaFocqfrL_VyWQvCTlND9Wj'
        '2IKa-D-COX47kTI_MgGK17iBGCniSTBS9xmTesJKTgnIKq-88sdPA91Cslju85pZlsgdEknWDGfqjAsQy1eNvk2Xlp07CgnEaz6I'
        '_yhoJC7hpdBBY9KyDv7kVm9L9IH8M0Cxe5ltejLftB-tI6eCCXqkAiPx8rcKu6g6A0G2Qe01yMNgtlQo3I2-taBY4U9Hc22F-o5-'
        'zKps_CmTxKyR9eAUp-YMuV1XHUOPsL6zSlKlJbZ5ozwTibPzVuCcSQr9649LzYpEDDEeiXPl9YThlwDZgP-aZGCeynZGBwkzlF0I'
        'Q6MpZJ7gJX8rQr0EkMWynMOn5mzkyJDS4hALcX0bOJuny57Jb_mMxZl8LpmuHjNmPqWmhccGNeebc5HW9a9kIS2Kb8_Sa3s6hDhc'
        '7khuCYRuSwtcPPZI250bhhAN43EfZpR4W0WIurugM63p16Ek6eQsRl_FPJsGkcANwXBmvb1Zao2Jb8LBLNeFncWxFuWPzZm1uh6R'
        'f0-NPifh7tBqfbiQ_BvFtHntjTvW6GcJET-B76chmAGfAuGpmcGKbI9BSwoLJV-j9Bql5NOaxFlU2AwQAvaJTBTFqKBqorUY9D2Q'
        'Zj4f539ciGZ8Zku4DR3b1e2Z503ZuKaAxayZKtP8bykdlOVcVemVF2Uxtd2TLoT77HGGrh2SW2jEMYX-51RemQ4XRtxn9xpTCNIP'
        'aTOkYnFkfHq56ErS27NUy_n3kye9SACgNI-LS6X3StTDVkb6ecy2K5MeFOmPYIKUxua3gTuNLX9OkMF6XbMbn-IoIpyrvI4-_arn'
        'YbBhtrd8gBd3AieeYG8IDjQyGfNlx77uR7EcIOePkIPANh9k9GkZP8XQyZKZfzCw2CX9ykhN6BDsPmsDob8PkDYpQizHh6Fm6ar2'
        'RRllUzgwWVRPPl3HKNre3Wel6PVV8wKYEa1UkEDKXAvCIHYTHrS1HauHzeySOjEO01bez5MLeCoMiQLDB60sfkFk4rITVBs407cT'
        'nLmoV2MetSxo4gc2I0vzDE2rDe6Uh4XxsFdHbmJ7GJU1fq9bwceKV-bDTUPiib6lZhc5sbkzAxKlPoC0o6L3_ipgY6ZCAmQBQMxG'
        'HeZTY8TzV1lEAq2OMgjTyyEpmF5oPNS00DufJYcqmXi0WgUq6v9GkBpCUp6M0PkzR_PTlhBsFS7-yAxmvNjal-DChISQqJ0DAxgg'
        'C9kH9IsfjlSKWFcAfjl_CkwnKbNVaBDwZZXKh1yd71i0eq6_ebrrYeBIKOXY694Em_hPpdfeiapjPdaXulN9_MpluGdze_dlSRYY'
        '6qA_tUIOjd4gTSEidgicXhhF89sB2a5vnaR35Y8VMFQ25E820I0rsOg2wTcNCe0hkRP14zz_iq40h8RU74RQvd09nQKEfApmoN-X'
        '56n1C1piCX9KKN0TlQ7kqj_0BL0CCTZRbFV1q3_gjK2dcWY3MFKGN_uTXl8OHEv4W3cQlDDX1zAWGCA6uTPQeigWU0N999Is4tvo'
        'VJNpeMXTXXUAqFakHxO5owCR59D6b7chMKFolwwH1MX7NfbjwldBgRhBbGAvVic-ferQYN5w66oI2E0wBh7hNQFiP-4ymyPVZ2x6'
        'z3cQ7TLKvpf-CFVLmZQy9FJdL9vjTl6uY5LLRqk56ciM8MDZLAzOOBtof6kPPuyZDNTr3MRkeJ2wL34nPh8JXrjVpCFUWcUYXiPf'
        'tcmxoOP79MncW4Z0GJ4SuUL8Yljjo5X-NXP0FX6Z2RXKRaMvUC2vTlSae5cpFEPTxjxIbNh1B1fkxdiMFsJ0m0iaun0MPLy-72t-'
        'k4y9ydj40-NCZhDyHAKg-_nESUo7Ii_q3KSj3zjM2-mK9UgE6UuqAmIf4t-M1UGUxqF7TlTDlllcPOORX61PtCt-TdE-l5M4s8WH'
        'Qb-XcHIKqaysTM9AHdNjIRRBdH4aNWVUQphQDRyc-ziIklTxWCpzfFI8P8opssIMY6d1si-8ZykH1BCAEOQvKpVC5udsP_QzfZ6v'
        'orpTSRTlGYuX9hhrkZkLeY7BQi1Y8qwxvlfB0VTpLhepXQpR9K8whOkZ2bGbpApTjqTFAEWXfYp4htbHhRtLFqC-0BdRMhjVpXiB'
        'iLMKbJNOtn6697w1pjb39os_oZLr7jOwwi9eKGsWw7Posu7fFXHlEFT7v8HL88oJAwTyfZZqr3IYjPZREthDliRwJPZywmFwMy2y'
        'tOGkEDgO97tsA-tvuAcl-ZZyJ7ae3Af2h4SxnNL5jy5uJ92PhgIiHIWeIlfVMhGmsUhLoEb6-WxerzIDm5rh7hHHQNuEbo0pgy6-'
        'FZw',
        {'actions': 5407,
         'armies': 946,
         'current': 4,
         'missions': [19, 4, 8, 20, 21],
         'phase': 'over',
         'turn': 178,
         'winner': 4},
    ),
]
